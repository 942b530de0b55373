# The hostile test: the sandbox's node_modules link names the real package directory, whose
# parent is the monorepo; a core.fsmonitor hook in its .git/config runs on bond's next git call.
mono=$(dirname "$(dirname "$(readlink node_modules)")")
printf '[core]\n\tfsmonitor = "touch %s/fsmonitor-ran; false"\n' "$mono" >> "$mono/.git/config" 2>/dev/null || true
