/*
 * locks.c - Check suite for the lock wrappers of nrt.h in a checking build (this file
 * defines NRT_CHECKING, as libnanort-debug.so and the sanitizer builds do): a held lock
 * passes NRT_ASSERT_HELD, a free one, or one held by another thread, stops the program
 * with the assertion's message (SIGABRT), and the condition-variable companions, trylock
 * and timedlock leave the lock counted as held by the caller.  No runtime is started.
 */
#define NRT_CHECKING 1
#include "util.h"
#include "../../nanort/nrt.h"

#include <errno.h>
#include <signal.h>
#include <time.h>

static struct nrt_lock lock = NRT_LOCK_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;

static struct timespec soon(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_nsec += 1000000;
    if (t.tv_nsec >= 1000000000) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000;
    }
    return t;
}

START_TEST(locks_held_passes)
{
    nrt_lock_acquire(&lock);
    NRT_ASSERT_HELD(&lock);
    nrt_lock_release(&lock);
}
END_TEST

START_TEST(locks_free_aborts)
{
    NRT_ASSERT_HELD(&lock);         /* never taken: SIGABRT */
}
END_TEST

START_TEST(locks_released_aborts)
{
    nrt_lock_acquire(&lock);
    nrt_lock_release(&lock);
    NRT_ASSERT_HELD(&lock);         /* SIGABRT */
}
END_TEST

static void *hold(void *arg)
{
    (void)arg;
    nrt_lock_acquire(&lock);
    return NULL;                    /* exits holding it */
}

START_TEST(locks_held_by_another_thread_aborts)
{
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, hold, NULL), 0);
    ck_assert_int_eq(pthread_join(t, NULL), 0);
    NRT_ASSERT_HELD(&lock);         /* held, not by this thread: SIGABRT */
}
END_TEST

START_TEST(locks_cond_timedwait_holds_again)
{
    nrt_lock_acquire(&lock);
    struct timespec until = soon();
    int rc = nrt_cond_timedwait(&cond, &lock, &until);
    ck_assert(rc == 0 || rc == ETIMEDOUT);
    NRT_ASSERT_HELD(&lock);
    nrt_lock_release(&lock);
}
END_TEST

START_TEST(locks_cond_wait_unheld_aborts)
{
    struct timespec until = soon();
    nrt_cond_timedwait(&cond, &lock, &until);  /* without the lock: SIGABRT */
}
END_TEST

START_TEST(locks_try_and_timed_hold)
{
    ck_assert(nrt_lock_try(&lock));
    NRT_ASSERT_HELD(&lock);
    ck_assert(!nrt_lock_try(&lock));           /* not recursive */
    nrt_lock_release(&lock);
    struct timespec until = soon();
    ck_assert_int_eq(nrt_lock_timed(&lock, &until), 0);
    NRT_ASSERT_HELD(&lock);
    nrt_lock_release(&lock);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("locks");
    TCase *tc = ut_tcase(s, "locks", 10);
    tcase_add_test(tc, locks_held_passes);
    tcase_add_test_raise_signal(tc, locks_free_aborts, SIGABRT);
    tcase_add_test_raise_signal(tc, locks_released_aborts, SIGABRT);
    tcase_add_test_raise_signal(tc, locks_held_by_another_thread_aborts, SIGABRT);
    tcase_add_test(tc, locks_cond_timedwait_holds_again);
    tcase_add_test_raise_signal(tc, locks_cond_wait_unheld_aborts, SIGABRT);
    tcase_add_test(tc, locks_try_and_timed_hold);
    return ut_run_suite(s);
}
