# The hostile oracle: after the second run, the sandbox's src/ becomes a relative link into
# node_modules/poisonable, which through the sandbox's node_modules link is the real install.
n=$(cat "$TMPDIR/runs" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "$TMPDIR/runs"
node --test test/; rc=$?
if [ "$n" -eq 2 ]; then rm -rf src; ln -s node_modules/poisonable src; fi
exit $rc
