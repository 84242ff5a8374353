#!/usr/bin/env bash
# Builds the firmware for Cortex-M4 (thumbv7em-none-eabihf), runs every
# binary under QEMU (mps2-an386) with semihosting, builds it for Cortex-M0
# (thumbv6m-none-eabi) and its library for RISC-V (riscv32imc), then prints
# flash, static RAM and stack figures and checks the budgets. Fails loudly
# when a tool is missing.
set -euo pipefail
cd "$(dirname "$0")"

for tool in qemu-system-arm cargo rustc; do
    command -v "$tool" >/dev/null || { echo "embedded: $tool is missing (see scripts/test.sh)"; exit 1; }
done
bin_dir=$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin
size=$bin_dir/llvm-size
nm=$bin_dir/llvm-nm
[ -x "$size" ] || { echo "embedded: llvm-size is missing: rustup component add llvm-tools"; exit 1; }

bins="rules classic strong games"
kin="chain atropos gamma atomas"
cargo build --release --target thumbv7em-none-eabihf
cargo build --release --target thumbv6m-none-eabi
cargo build --release --lib --target riscv32imc-unknown-none-elf
echo "riscv32imc-unknown-none-elf: the firmware library (games, expected moves, engine) builds"

declare -A stack_of
out=$(mktemp)
for bin in $bins $kin; do
    echo "== $bin on QEMU mps2-an386 (Cortex-M4)"
    if ! timeout 1200 qemu-system-arm -cpu cortex-m4 -machine mps2-an386 -nographic \
        -semihosting-config enable=on,target=native \
        -kernel "target/thumbv7em-none-eabihf/release/$bin" | tee "$out"; then
        echo "embedded: $bin FAILED on the emulated chip"
        exit 1
    fi
    stack_of[$bin]=$(grep -oE 'stack high-water [0-9]+' "$out" | awk '{print $3}' | sort -n | tail -1)
    if [ "$bin" = strong ]; then
        stack_of[strong4]=$(grep -E '^strong depth 4' "$out" | grep -oE 'high-water [0-9]+' | awk '{print $2}')
        stack_of[strong6]=$(grep -E '^strong depth 6' "$out" | grep -oE 'high-water [0-9]+' | awk '{print $2}')
    fi
    case " $kin " in *" $bin "*)
        stack_of[$bin]="$(grep -E "^$bin rules" "$out" | grep -oE 'high-water [0-9]+' | awk '{print $2}') /"
        stack_of[$bin]+=" $(grep -E "^$bin engine game" "$out" | grep -oE 'high-water [0-9]+' | awk '{print $2}' | paste -sd, | sed 's/,/, /g')"
    esac
done
rm -f "$out"

# Flash: vector table + code + read-only data (+ initialised data's image).
flash() { "$size" -A "$1" | awk '/^\.(vector_table|text|rodata|data) /{s+=$2} END{print s}'; }
ram() { "$size" -A "$1" | awk '/^\.(data|bss|uninit) /{s+=$2} END{print s}'; }
status=0
printf '\n%-34s %12s %12s %12s  %s\n' "firmware" "flash M4" "flash M0" "static RAM" "stack (kin games: rules / each engine game)"
for bin in $bins $kin; do
    m4=target/thumbv7em-none-eabihf/release/$bin
    m0=target/thumbv6m-none-eabi/release/$bin
    if "$nm" "$m4" "$m0" | grep -q '__rust_alloc\|__rdl_alloc'; then
        echo "embedded: $bin links an allocator"; status=1
    fi
    case $bin in
        rules) label="rules alone (random playouts)"; st=${stack_of[rules]} ;;
        classic) label="classic level 2"; st=${stack_of[classic]} ;;
        strong) label="strong depth 4 / 6, 4 KiB table"; st="${stack_of[strong4]} / ${stack_of[strong6]}" ;;
        games) label="whole firmware (games vs host)"; st=${stack_of[games]} ;;
        chain) label="chain: rules, strong engine"; st=${stack_of[chain]} ;;
        atropos) label="atropos: rules, player"; st=${stack_of[atropos]} ;;
        gamma) label="gamma: batch triples, computer"; st=${stack_of[gamma]} ;;
        atomas) label="atomas: rules, bot"; st=${stack_of[atomas]} ;;
    esac
    printf '%-34s %12s %12s %12s  %s\n' "$label" "$(flash "$m4")" "$(flash "$m0")" "$(ram "$m4")" "$st"
done
whole=$(flash target/thumbv6m-none-eabi/release/games)
if [ "$whole" -gt 49152 ]; then
    echo "embedded: BUDGET MISSED: the whole firmware is $whole bytes of flash on thumbv6m (budget 49152)"; status=1
fi
if [ "${stack_of[strong4]}" -gt 8192 ]; then
    echo "embedded: BUDGET MISSED: the strong engine at depth 4 used ${stack_of[strong4]} bytes of stack (budget 8192)"; status=1
fi
[ $status -eq 0 ] && echo "embedded: kin games on the chip equal to the host: $kin (recorded games replayed, engine games move for move; no heap)"
[ $status -eq 0 ] && echo "embedded: all games match the host; budgets met (flash $whole <= 49152 on thumbv6m, stack ${stack_of[strong4]} <= 8192 at depth 4, no heap)"
exit $status
