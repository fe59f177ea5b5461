/* a task naming a static local threadprivate variable whose type is the function's own:
   mcc cannot move it to file scope, so the task gets the creating thread's copy (mcc warns) */
void count(int n)
{
    typedef struct { int hits; } stat_t;
    static stat_t st;
#pragma omp threadprivate(st)
#pragma omp parallel
#pragma omp single
    for (int i = 0; i < n; i++) {
#pragma omp task
        st.hits++;
    }
}
