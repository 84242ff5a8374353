#!/usr/bin/env bash
# Builds the firmware for Cortex-M4 (thumbv7em-none-eabihf) and Cortex-M0
# (thumbv6m-none-eabi), runs every binary of both builds under QEMU
# (mps2-an386, whose Cortex-M4 runs the M0's instruction subset as well)
# with semihosting, builds the library for RISC-V (riscv32imc), then
# prints flash, static RAM and stack figures and checks the budgets. Fails
# loudly when a tool is missing.
set -euo pipefail
cd "$(dirname "$0")"
# The budgets hold for the firmware's own release profile: a caller's
# override of it (scripts/test.sh builds the tests without LTO) is dropped.
unset CARGO_PROFILE_RELEASE_LTO CARGO_PROFILE_RELEASE_CODEGEN_UNITS

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

# stack_of[ARCH:BIN]: the stack figure of BIN's table row; Atom-4's strong
# engine at depth 4 and 6 in stack_of[ARCH:strong4] and [ARCH:strong6].
declare -A stack_of
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for arch in m4 m0; do
    case $arch in
        m4) target=thumbv7em-none-eabihf; name="Cortex-M4 build" ;;
        m0) target=thumbv6m-none-eabi; name="Cortex-M0 build" ;;
    esac
    for bin in $bins $kin; do
        echo "== $bin, $name, on QEMU mps2-an386"
        if ! timeout 1200 qemu-system-arm -cpu cortex-m4 -machine mps2-an386 -nographic \
            -semihosting-config enable=on,target=native \
            -kernel "target/$target/release/$bin" | tee "$out"; then
            echo "embedded: $bin ($name) FAILED on the emulated chip"
            exit 1
        fi
        water() { grep -E "$1" "$out" | grep -oE 'high-water [0-9]+' | awk '{print $2}' | paste -sd, | sed 's/,/, /g'; }
        case " $kin " in
            *" $bin "*) stack_of[$arch:$bin]="$(water "^$bin rules") / $(water "^$bin engine game")" ;;
            *) stack_of[$arch:$bin]=$(water 'stack high-water' | tr ',' '\n' | sort -n | tail -1) ;;
        esac
        if [ "$bin" = strong ]; then
            stack_of[$arch:strong4]=$(water '^strong depth 4')
            stack_of[$arch:strong6]=$(water '^strong depth 6')
            stack_of[$arch:strong]="${stack_of[$arch:strong4]} / ${stack_of[$arch:strong6]}"
        fi
    done
done

# Flash: vector table + code + read-only data (+ initialised data's image).
flash() { "$size" -A "$1" | awk '/^\.(vector_table|text|rodata|data) /{s+=$2} END{print s}'; }
ram() { "$size" -A "$1" | awk '/^\.(data|bss|uninit) /{s+=$2} END{print s}'; }
status=0
printf '\n%-34s %9s %9s %7s  %-26s %s\n' "firmware" "flash M4" "flash M0" "static" "stack M4" "stack M0"
for bin in $bins $kin; do
    m4=target/thumbv7em-none-eabihf/release/$bin
    m0=target/thumbv6m-none-eabi/release/$bin
    if "$nm" "$m4" "$m0" | grep -q '__rust_alloc\|__rdl_alloc'; then
        echo "embedded: $bin links an allocator"; status=1
    fi
    case $bin in
        rules) label="rules alone (random playouts)" ;;
        classic) label="classic level 2" ;;
        strong) label="strong depth 4 / 6, 4 KiB table" ;;
        games) label="whole firmware (games vs host)" ;;
        chain) label="chain: rules / strong engine" ;;
        atropos) label="atropos: rules / player" ;;
        gamma) label="gamma: batch triples / computer" ;;
        atomas) label="atomas: rules / bot" ;;
    esac
    printf '%-34s %9s %9s %7s  %-26s %s\n' "$label" "$(flash "$m4")" "$(flash "$m0")" "$(ram "$m4")" \
        "${stack_of[m4:$bin]}" "${stack_of[m0:$bin]}"
done
echo "(stack: high-water marks in bytes; for a kin game, its recorded games' replay / each engine game)"
whole=$(flash target/thumbv6m-none-eabi/release/games)
if [ "$whole" -gt 49152 ]; then
    echo "embedded: BUDGET MISSED: the whole firmware is $whole bytes of flash on thumbv6m (budget 49152)"; status=1
fi
if [ "${stack_of[m4:strong4]}" -gt 8192 ]; then
    echo "embedded: BUDGET MISSED: the strong engine at depth 4 used ${stack_of[m4:strong4]} bytes of stack (budget 8192)"; status=1
fi
[ $status -eq 0 ] && echo "embedded: kin games equal to the host on the Cortex-M4 and Cortex-M0 builds: $kin (recorded games replayed, engine games move for move; no heap)"
[ $status -eq 0 ] && echo "embedded: all games match the host; budgets met (flash $whole <= 49152 on thumbv6m, stack ${stack_of[m4:strong4]} <= 8192 at depth 4, no heap)"
exit $status
