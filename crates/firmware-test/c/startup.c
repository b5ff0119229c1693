/* Startup for a C program on QEMU's mps2-an386 (Cortex-M4F): the vector
 * table, then reset: enable the FPU (thumbv7em-none-eabihf code uses it),
 * copy .data, zero .bss, open the semihosting handles newlib's stdio writes
 * to (librdimon), run main, and exit through semihosting with its status. */
#include <stdint.h>
#include <stdlib.h>

extern int main(void);
extern void initialise_monitor_handles(void);
extern uint32_t __data_start__, __data_end__, __data_load__, __bss_start__, __bss_end__,
    __stack_top__;

void reset_handler(void);
void fault_handler(void);
void _init(void);
void _fini(void);

/* newlib's init/fini array walkers call these, which crti.o would define;
 * with -nostartfiles there is nothing to run. */
void _init(void) {}
void _fini(void) {}

/* A fault ends the run with a failure instead of hanging QEMU. */
void fault_handler(void) {
    exit(3);
}

/* The initial stack pointer, then the exception handlers from reset on. */
struct vector_table {
    uint32_t *initial_sp;
    void (*handlers[6])(void);
};

__attribute__((section(".vectors"), used)) static const struct vector_table vectors = {
    &__stack_top__,
    {
        reset_handler, /* reset */
        fault_handler, /* NMI */
        fault_handler, /* HardFault */
        fault_handler, /* MemManage */
        fault_handler, /* BusFault */
        fault_handler, /* UsageFault */
    },
};

void reset_handler(void) {
    volatile uint32_t *cpacr = (volatile uint32_t *)0xE000ED88u;
    uint32_t *src = &__data_load__;
    uint32_t *dst;
    *cpacr |= 0xFu << 20; /* CP10 and CP11: full access */
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    for (dst = &__data_start__; dst < &__data_end__;) *dst++ = *src++;
    for (dst = &__bss_start__; dst < &__bss_end__;) *dst++ = 0;
    initialise_monitor_handles();
    exit(main());
}
