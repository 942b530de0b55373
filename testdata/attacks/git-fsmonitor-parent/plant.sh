# The hostile test: the sandbox's node_modules (link) names the real package directory, whose
# parent is the monorepo; a core.fsmonitor hook in its .git/config runs on bond's next git call.
# node_modules is a link to the package's install, or (detect mode) a directory of links into it.
nm=$(readlink node_modules) || nm=$(dirname "$(readlink "$(ls -d node_modules/* | head -1)")")
mono=$(dirname "$(dirname "$nm")")
printf '[core]\n\tfsmonitor = "touch %s/fsmonitor-ran; false"\n' "$mono" >> "$mono/.git/config" 2>/dev/null || true
