# The hostile oracle: runs the tests, then, after the second run (both baseline runs passed),
# replaces the sandbox's src/calc.js by a FIFO no one writes to.
n=$(cat "$TMPDIR/runs" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "$TMPDIR/runs"
node --test test/; rc=$?
if [ "$n" -eq 2 ]; then rm -f src/calc.js; mkfifo src/calc.js; fi
exit $rc
