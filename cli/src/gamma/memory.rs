//! Game memory from the heap for the `gamma` program: zeroed words from
//! the allocator, asked for fallibly (a board too big for the machine makes
//! the `B` or `I` line an error, never an abort) and never touched up front
//! (the allocator's zeroed pages cost nothing until the game plays on them).

use atom4_core::gamma::GameMemory;

/// The words of one game, once a `B` or `I` line asked for them.
#[derive(Debug, Default)]
pub struct HeapMemory {
    words: Option<Box<[u32]>>,
}

impl GameMemory for HeapMemory {
    fn allocate_zeroed(&mut self, words: usize) -> bool {
        match bytemuck::allocation::try_zeroed_slice_box::<u32>(words) {
            Ok(memory) => {
                self.words = Some(memory);
                true
            }
            Err(()) => false,
        }
    }

    fn words(&mut self) -> &mut [u32] {
        self.words.as_deref_mut().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_zeroed_or_refused() {
        let mut memory = HeapMemory::default();
        assert!(memory.words().is_empty());
        assert!(memory.allocate_zeroed(1000));
        assert!(memory.words().iter().all(|&w| w == 0));
        // More than any machine has: refused, not an abort.
        assert!(!memory.allocate_zeroed(usize::MAX / 8));
        assert!(!memory.allocate_zeroed(1 << 60));
    }
}
