package isolate

// This file's one job: find and kill the processes of a run by the marker in their environment,
// the fallback where no PID namespace can be made (and a second check where one can).

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"os"
	"strconv"
	"syscall"
)

// markerVar is the environment variable that marks a run's processes. Every process a run
// starts inherits it unless it clears its environment on purpose.
const markerVar = "BOND_RUN_MARKER"

// newMarker returns a fresh random marker value.
func newMarker() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// SweepMarker kills every process whose environment holds markerVar=marker, stopping them first
// so none can fork while the sweep runs, and returns how many it killed. It repeats until a pass
// finds none (at most 10 passes).
func SweepMarker(marker string) int {
	want := []byte(markerVar + "=" + marker + "\x00")
	self := os.Getpid()
	killed := 0
	for pass := 0; pass < 10; pass++ {
		pids := markedPIDs(want, self)
		if len(pids) == 0 {
			break
		}
		for _, pid := range pids {
			_ = syscall.Kill(pid, syscall.SIGSTOP)
		}
		for _, pid := range pids {
			if syscall.Kill(pid, syscall.SIGKILL) == nil {
				killed++
			}
		}
	}
	return killed
}

// markedPIDs lists the live processes whose environment contains want.
func markedPIDs(want []byte, self int) []int {
	d, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	var out []int
	for _, n := range names {
		pid, err := strconv.Atoi(n)
		if err != nil || pid == self {
			continue
		}
		env, err := os.ReadFile("/proc/" + n + "/environ")
		if err != nil || !bytes.Contains(append([]byte{0}, env...), append([]byte{0}, want...)) {
			continue
		}
		if st, err := os.ReadFile("/proc/" + n + "/stat"); err == nil && isZombie(st) {
			continue
		}
		out = append(out, pid)
	}
	return out
}

// isZombie reads the state field of /proc/PID/stat (after the command name in parentheses).
func isZombie(stat []byte) bool {
	i := bytes.LastIndexByte(stat, ')')
	return i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z'
}
