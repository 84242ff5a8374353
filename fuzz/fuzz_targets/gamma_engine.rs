//! Any sequence of `gamma.h` calls (libatom4's course interface): games of
//! up to 8 x 8, bad players and cells included, against a plain model
//! written here (areas counted by flood fill): every answer the same, the
//! board text the same, nothing ever crashes; the caller-memory API
//! (`atom4_gamma_*`) gives the same answers.
#![no_main]

use std::ffi::CStr;

use atom4::gamma::*;
use atom4::status::atom4_status;
use libfuzzer_sys::fuzz_target;

struct Model {
    w: u32,
    h: u32,
    players: u32,
    areas: u32,
    owner: Vec<u32>,
    golden_used: Vec<bool>,
}

impl Model {
    fn areas_of(&self, p: u32) -> u32 {
        let mut seen = vec![false; self.owner.len()];
        let mut count = 0;
        for start in 0..self.owner.len() {
            if self.owner[start] != p || seen[start] {
                continue;
            }
            count += 1;
            let mut stack = vec![start];
            seen[start] = true;
            while let Some(c) = stack.pop() {
                let (x, y) = ((c as u32) % self.w, (c as u32) / self.w);
                let near = [
                    (x > 0).then(|| c - 1),
                    (x + 1 < self.w).then(|| c + 1),
                    (y > 0).then(|| c - self.w as usize),
                    (y + 1 < self.h).then(|| c + self.w as usize),
                ];
                for n in near.into_iter().flatten() {
                    if self.owner[n] == p && !seen[n] {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
        }
        count
    }

    fn legal(&mut self, p: u32, x: u32, y: u32, golden: bool) -> bool {
        if p == 0 || p > self.players || x >= self.w || y >= self.h {
            return false;
        }
        let c = (y * self.w + x) as usize;
        let before = self.owner[c];
        let allowed = if golden {
            before != 0 && before != p && !self.golden_used[p as usize]
        } else {
            before == 0
        };
        if !allowed {
            return false;
        }
        self.owner[c] = p;
        let ok =
            self.areas_of(p) <= self.areas && (before == 0 || self.areas_of(before) <= self.areas);
        self.owner[c] = before;
        ok
    }

    fn free(&mut self, p: u32) -> u64 {
        if p == 0 || p > self.players {
            return 0;
        }
        let mut n = 0;
        for y in 0..self.h {
            for x in 0..self.w {
                n += u64::from(self.legal(p, x, y, false));
            }
        }
        n
    }

    fn golden_possible(&mut self, p: u32) -> bool {
        (0..self.h).any(|y| (0..self.w).any(|x| self.legal(p, x, y, true)))
    }

    fn board(&self) -> String {
        let wide = self.players > 9;
        let width = if wide {
            self.players.to_string().len() + 1
        } else {
            1
        };
        let mut text = String::new();
        for y in (0..self.h).rev() {
            for x in 0..self.w {
                match self.owner[(y * self.w + x) as usize] {
                    0 => text.push_str(&format!("{:>width$}", ".")),
                    o => text.push_str(&format!("{o:>width$}")),
                }
            }
            text.push('\n');
        }
        text
    }
}

fuzz_target!(|data: &[u8]| {
    let [a, b, c, d, rest @ ..] = data else {
        return;
    };
    let (w, h) = (u32::from(a % 8) + 1, u32::from(b % 8) + 1);
    let players = u32::from(c % 12) + 1;
    let areas = u32::from(d % 4) + 1;
    let g = gamma_new(w, h, players, areas);
    assert!(!g.is_null());
    let mut words = 0usize;
    assert_eq!(
        atom4_gamma_memory_words(w, h, players, &mut words),
        atom4_status::ATOM4_OK
    );
    let mut memory = vec![0u32; words];
    assert_eq!(
        atom4_gamma_init(memory.as_mut_ptr(), words, w, h, players, areas),
        atom4_status::ATOM4_OK
    );
    let mut model = Model {
        w,
        h,
        players,
        areas,
        owner: vec![0; (w * h) as usize],
        golden_used: vec![false; players as usize + 1],
    };
    for op in rest.chunks_exact(4) {
        let p = u32::from(op[1] % (players as u8 + 2));
        let (x, y) = (u32::from(op[2] % 10), u32::from(op[3] % 10));
        match op[0] % 6 {
            0 | 1 => {
                let golden = op[0] % 6 == 1;
                let want = model.legal(p, x, y, golden);
                let got = if golden {
                    gamma_golden_move(g, p, x, y)
                } else {
                    gamma_move(g, p, x, y)
                };
                assert_eq!(got, want, "move {p} {x} {y} golden {golden}");
                let status = if golden {
                    atom4_gamma_golden_move(memory.as_mut_ptr(), words, p, x, y)
                } else {
                    atom4_gamma_move(memory.as_mut_ptr(), words, p, x, y)
                };
                assert_eq!(status == atom4_status::ATOM4_OK, want);
                if want {
                    model.owner[(y * w + x) as usize] = p;
                    if golden {
                        model.golden_used[p as usize] = true;
                    }
                }
            }
            2 => {
                let busy = model.owner.iter().filter(|&&o| o == p && p != 0).count() as u64;
                assert_eq!(gamma_busy_fields(g, p), busy);
            }
            3 => {
                let want = model.free(p);
                assert_eq!(gamma_free_fields(g, p), want);
                let mut got = 0u64;
                let status = atom4_gamma_free_fields(memory.as_mut_ptr(), words, p, &mut got);
                if p >= 1 && p <= players {
                    assert_eq!((status, got), (atom4_status::ATOM4_OK, want));
                } else {
                    assert_eq!(status, atom4_status::ATOM4_OUT_OF_RANGE);
                }
            }
            4 => {
                let want = p >= 1 && p <= players && model.golden_possible(p);
                assert_eq!(gamma_golden_possible(g, p), want, "golden_possible {p}");
            }
            _ => {
                let text = gamma_board(g);
                assert!(!text.is_null());
                // SAFETY: gamma_board returns a NUL-terminated malloc string.
                let board = unsafe { CStr::from_ptr(text) }
                    .to_str()
                    .unwrap()
                    .to_string();
                // SAFETY: allocated by malloc in gamma_board, freed once.
                unsafe { libc_free(text.cast()) };
                assert_eq!(board, model.board());
            }
        }
    }
    gamma_delete(g);
});

extern "C" {
    #[link_name = "free"]
    fn libc_free(ptr: *mut core::ffi::c_void);
}
