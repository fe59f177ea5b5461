#define FAR 30
