#!/usr/bin/env bash
# Prints a help2man include section with the --help of every torchrig-cli command and subcommand,
# so that the man page says what the program says, and stays in step with it.
#   packaging/man/cli-commands.sh PATH/TO/torchrig-cli > commands.h2m
set -euo pipefail
cli=$1

# The names listed under "Subcommands:" in a command's help.
subcommands() {
    "$cli" "$@" --help | sed -n '/^Subcommands:/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p'
}

# roff: a line starting with . or ' is a request, a backslash an escape.
section() {
    echo ".SS \"torchrig-cli $*\""
    echo ".nf"
    "$cli" "$@" --help | sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
    echo ".fi"
}

echo "[COMMANDS]"
for command in $(subcommands); do
    section "$command"
    for sub in $(subcommands "$command"); do
        section "$command" "$sub"
    done
done
