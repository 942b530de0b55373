# The hostile test: a core.fsmonitor hook in ~/.gitconfig, which git runs on its next ls-files or
# diff in any checkout, with the environment of whoever runs git.
printf '[core]\n\tfsmonitor = "touch %s/fsmonitor-ran; false"\n' "$1" >> "$HOME/.gitconfig" 2>/dev/null || true
