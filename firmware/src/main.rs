//! The console firmware on a BBC micro:bit v1 (nRF51822): the serial
//! line's bytes arrive in the UART's interrupt handler, go through a
//! fixed-capacity queue to the main loop, which assembles lines and hands
//! them to the console; the console's answers go out on the same line
//! (115200 baud, 8N1; QEMU's `-machine microbit` serves it too).
#![no_std]
#![no_main]

use core::cell::RefCell;
use core::fmt::{self, Write};

use atom4_console::console::Console;
use atom4_console::line::{Edit, LineReader};
use atom4_console::stack;
use cortex_m::interrupt::{self as irq, Mutex};
use cortex_m_rt::entry;
use heapless::spsc::{Producer, Queue};
use nrf51_pac::{interrupt, Interrupt, UART0};

/// Bytes between the interrupt handler and the main loop: a typed-ahead
/// line and then some.
const QUEUE: usize = 64;

/// The interrupt handler's end of the queue, and whether it had to drop a
/// byte because the queue was full.
struct Receiver {
    producer: Producer<'static, u8>,
    lost: bool,
}

static RECEIVER: Mutex<RefCell<Option<Receiver>>> = Mutex::new(RefCell::new(None));

/// micro:bit v1's serial pins (to the interface chip's USB serial port).
const TX_PIN: u32 = 24;
const RX_PIN: u32 = 25;

/// The UART's transmit side, as a `fmt::Write` (`\n` goes out as `\r\n`).
struct Tx<'u>(&'u UART0);

impl Tx<'_> {
    fn byte(&mut self, b: u8) {
        let uart = self.0;
        uart.events_txdrdy.reset();
        // SAFETY: any byte is a valid TXD value.
        uart.txd.write(|w| unsafe { w.txd().bits(b) });
        while uart.events_txdrdy.read().bits() == 0 {}
    }
}

impl Write for Tx<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for b in s.bytes() {
            if b == b'\n' {
                self.byte(b'\r');
            }
            self.byte(b);
        }
        Ok(())
    }
}

#[entry]
fn main() -> ! {
    static mut INPUT: Queue<u8, QUEUE> = Queue::new();
    // The game in progress and its record: static data, so that the
    // linker counts them.
    static mut CONSOLE: Console = Console::new();
    stack::paint();
    let Some(peripherals) = nrf51_pac::Peripherals::take() else {
        panic!("peripherals taken twice");
    };
    let uart = peripherals.UART0;
    // SAFETY: pin numbers and the documented enable and baud rate values.
    unsafe {
        uart.pseltxd.write(|w| w.bits(TX_PIN));
        uart.pselrxd.write(|w| w.bits(RX_PIN));
    }
    uart.baudrate.write(|w| w.baudrate().baud115200());
    uart.enable.write(|w| w.enable().enabled());
    // SAFETY: writing 1 to a task register starts the task.
    uart.tasks_starttx.write(|w| unsafe { w.bits(1) });
    uart.tasks_startrx.write(|w| unsafe { w.bits(1) });
    uart.intenset.write(|w| w.rxdrdy().set_bit());
    let (producer, mut consumer) = INPUT.split();
    irq::free(|cs| {
        RECEIVER.borrow(cs).replace(Some(Receiver {
            producer,
            lost: false,
        }))
    });
    // SAFETY: the handler only touches the receiver, behind its mutex.
    unsafe { cortex_m::peripheral::NVIC::unmask(Interrupt::UART0) };

    let mut out = Tx(&uart);
    let console: &'static mut Console = CONSOLE;
    let mut line = LineReader::new();
    let _ = console.greet(&mut out);
    loop {
        let Some(byte) = consumer.dequeue() else {
            // Sleep until the next interrupt; with interrupts masked while
            // looking, a byte that arrives in between still wakes us.
            cortex_m::interrupt::disable();
            if !consumer.ready() {
                cortex_m::asm::wfi();
            }
            // SAFETY: enables the interrupts disabled just above.
            unsafe { cortex_m::interrupt::enable() };
            continue;
        };
        if irq::free(|cs| {
            RECEIVER
                .borrow(cs)
                .borrow_mut()
                .as_mut()
                .is_some_and(|r| core::mem::replace(&mut r.lost, false))
        }) {
            line.spoil();
        }
        let _ = match line.push(byte) {
            Edit::Nothing => Ok(()),
            Edit::Added(c) => out.write_char(c),
            Edit::Erased => out.write_str("\x08 \x08"),
            Edit::Complete => {
                let _ = out.write_str("\n");
                match line.line() {
                    "mem" => memory(&mut out).and_then(|()| console.prompt(&mut out)),
                    text => console.handle(text, &mut out),
                }
            }
            Edit::Refused => {
                let _ = out.write_str("\n");
                console.refuse(&mut out)
            }
        };
    }
}

/// Prints the RAM in use: static data and the stack's high-water mark.
fn memory(out: &mut dyn Write) -> fmt::Result {
    let (used, room) = stack::high_water();
    writeln!(
        out,
        "memory: static {} bytes, stack high-water {} of {} bytes, RAM 16384 bytes",
        stack::static_ram(),
        used,
        room
    )
}

#[interrupt]
fn UART0() {
    irq::free(|cs| {
        // SAFETY: the UART's registers; the main loop only transmits.
        let uart = unsafe { &*UART0::ptr() };
        let mut receiver = RECEIVER.borrow(cs).borrow_mut();
        while uart.events_rxdrdy.read().bits() != 0 {
            uart.events_rxdrdy.reset();
            let byte = uart.rxd.read().rxd().bits();
            if let Some(r) = receiver.as_mut() {
                if r.producer.enqueue(byte).is_err() {
                    r.lost = true;
                }
            }
        }
    });
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // Nothing to report to: restart.
    cortex_m::peripheral::SCB::sys_reset()
}
