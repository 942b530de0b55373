package main

// main and run: the process entry point, signal handling, and the exit code of a run.

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	s := SystemStreams()
	code := run(os.Args[1:], s)
	s.Flush()
	os.Exit(code)
}

// run executes bond with args and returns the exit code. SIGHUP, SIGINT, SIGQUIT and SIGTERM
// cancel the context with a SignalError cause so commands can clean up and report partially
// before exiting 128+n (129, 130, 131, 143).
func run(args []string, s *Streams) int {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, handledSignals...)
	defer signal.Stop(sigs)
	go func() {
		select {
		case sig := <-sigs:
			cancel(&SignalError{Sig: sig})
		case <-ctx.Done():
		}
	}()

	started := false
	root := newRootCmd(s)
	root.PersistentPreRun = func(cmd *cobraCommand, _ []string) { started = true }
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	return exitCode(ctx, err, started, s.Err)
}
