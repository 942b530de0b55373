# The hostile oracle: before running the tests it looks for bond where a test can look cheaply
# (its environment, its open files, its working directory, HOME and TMPDIR); a test that found it
# fails, so the contracts' baseline goes red and the case sees exit 2 instead of 0.
found=
env | grep -qi bond && found="env: $(env | grep -i bond | head -3)"
ls -l /proc/self/fd/ 2>/dev/null | grep -qi bond && found="$found fd: $(ls -l /proc/self/fd/ | grep -i bond)"
for p in "$(pwd)" "$HOME" "$TMPDIR"; do echo "$p" | grep -qiE 'bond|sandbox' && found="$found path: $p"; done
if [ -n "$found" ]; then echo "bond gave itself away: $found" >&2; exit 1; fi
exec node --test test/
