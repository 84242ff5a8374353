#!/usr/bin/env bash
# A misbehaving Atropos player program for the referee's tests:
# atropos-bad-player.sh MODE [ATOM4] STATE (the referee appends STATE).
# Modes that play a legal move ask the real player (ATOM4, the atom4
# binary) for one.
mode=$1
state=${*: -1}
atom4=${2:-atom4}
legal() { "$atom4" atropos player --time 100 "$state"; }
case $mode in
wrongr) echo "(1,1,1,99)" ;;
offboard) echo "(1,99,1,1)" ;;
garbage) echo "hello, referee" ;;
leadingspace) echo " $(legal)" ;;
crash) kill -SEGV $$ ;;
exit) legal; exit 3 ;;
slow) sleep 30 ;;
flood) yes "(1,1,1,1)" ;;
silent) ;;
spaces) legal | sed 's/[,)]/ & /g; s/(/( /' ;;
# Leaves a child that holds standard output open, and plays.
fork) (sleep 30; echo "(1,1,1,1)") & legal ;;
# Floods standard error (never a forfeit), and plays.
chatty) head -c 1000000 /dev/zero >&2; legal ;;
*) echo "unknown mode $mode" >&2; exit 2 ;;
esac
