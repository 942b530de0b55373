# The hostile oracle: before running the tests it looks for bond where a test can look cheaply
# (its environment, its open files, its working directory, HOME and TMPDIR) and leaves a flag
# file ($1/flag) naming what gave bond away; a test that knows could pass only under bond.
case " $2 " in *" env "*) env | grep -qi bond && echo "env: $(env | grep -i bond | head -3)" >> "$1/flag" ;; esac
case " $2 " in *" fd "*) ls -l /proc/self/fd/ 2>/dev/null | grep -qi bond && echo "fd: $(ls -l /proc/self/fd/ | grep -i bond)" >> "$1/flag" ;; esac
case " $2 " in *" cwd "*) for p in "$(pwd)" "$HOME" "$TMPDIR"; do echo "$p" | grep -qiE 'bond|sandbox' && echo "path: $p" >> "$1/flag"; done ;; esac
exec node --test test/
