package isolate

// This file's one job: find and kill the processes of a run where no PID namespace can be made
// (detect mode), by a mark the test's environment does not show: the read end of a pipe of the
// run's own, inherited as an open file by every process the run starts (fork and exec keep it,
// setsid, nohup, double forks and env -i too). A process is the run's when one of its file
// descriptors is that pipe, found by its inode in /proc/PID/fd.

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
)

// mark is a run's pipe: the read end the run inherits, and the inode that names it in /proc.
type mark struct {
	r, w *os.File
	ino  uint64
}

// newMark makes a run's mark. Both ends stay with bond only until the run has started (release):
// after that the run's processes hold the only references, and a test that reads the inherited
// descriptor gets end-of-file rather than waiting.
func newMark() (*mark, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("isolate: making the run's mark: %w", err)
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(int(r.Fd()), &st); err != nil {
		r.Close()
		w.Close()
		return nil, fmt.Errorf("isolate: reading the run's mark: %w", err)
	}
	return &mark{r: r, w: w, ino: st.Ino}, nil
}

// release closes bond's own ends (idempotent).
func (m *mark) release() {
	m.r.Close()
	m.w.Close()
}

// sweep kills every process that holds the mark, stopping them first so none can fork while the
// sweep runs, and returns how many it killed. It repeats until a pass finds none (at most 10
// passes).
func (m *mark) sweep() int {
	want := "pipe:[" + strconv.FormatUint(m.ino, 10) + "]"
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

// markedPIDs lists the live processes (of bond's user: others' /proc/PID/fd is unreadable) with a
// file descriptor whose link reads want.
func markedPIDs(want string, self int) []int {
	d, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	var out []int
	for _, n := range names {
		pid, err := strconv.Atoi(n)
		if err != nil || pid == self || !holds(n, want) {
			continue
		}
		if st, err := os.ReadFile("/proc/" + n + "/stat"); err == nil && isZombie(st) {
			continue
		}
		out = append(out, pid)
	}
	return out
}

// holds says whether process pid has a file descriptor whose link reads want.
func holds(pid, want string) bool {
	dir := "/proc/" + pid + "/fd"
	f, err := os.Open(dir)
	if err != nil {
		return false
	}
	fds, _ := f.Readdirnames(-1)
	f.Close()
	for _, fd := range fds {
		if l, err := os.Readlink(dir + "/" + fd); err == nil && l == want {
			return true
		}
	}
	return false
}

// isZombie reads the state field of /proc/PID/stat (after the command name in parentheses).
func isZombie(stat []byte) bool {
	for i := len(stat) - 1; i >= 0; i-- {
		if stat[i] == ')' {
			return i+2 < len(stat) && stat[i+2] == 'Z'
		}
	}
	return false
}
