/* A macro call spread over several lines, then an error: the line count stays right. */
#define PAIR(a, b) { (a), (b) }
int ok[2] = PAIR(1,
                 2);
int bad = 3 +;
