package store

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestClaimRefuseRelease: two handles on one store (two processes, as far
// as the store can tell); the second claim of an experiment is refused
// with an error naming the owner, other experiments are free, and a
// released claim can be taken.
func TestClaimRefuseRelease(t *testing.T) {
	s1, path := openTemp(t)
	s2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()

	release, err := s1.ClaimExperiment(ctx, "small", "abcdef0123456789")
	if err != nil {
		t.Fatal(err)
	}
	_, err = s2.ClaimExperiment(ctx, "small", "abcdef0123456789")
	var oe *OwnedError
	if !errors.Is(err, ErrOwned) || !errors.As(err, &oe) {
		t.Fatalf("second claim: %v, want ErrOwned", err)
	}
	host, _ := os.Hostname()
	pid := strconv.Itoa(os.Getpid())
	for _, want := range []string{`experiment "small" (config abcdef012345)`, path, "pid " + pid, "host " + host,
		"ps -o pid,lstart,args -p " + pid, time.Now().Format("2006-01-02")} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if oe.Owner.PID != os.Getpid() || time.Since(oe.Owner.Since) > time.Minute {
		t.Errorf("owner %+v", oe.Owner)
	}
	// Another experiment, the same experiment with another configuration,
	// and a run by id are other claims.
	for _, c := range []func() (func(), error){
		func() (func(), error) { return s2.ClaimExperiment(ctx, "other", "abcdef0123456789") },
		func() (func(), error) { return s2.ClaimExperiment(ctx, "small", "0000") },
		func() (func(), error) { return s2.ClaimRun(ctx, 1) },
	} {
		rel, err := c()
		if err != nil {
			t.Fatal(err)
		}
		rel()
	}
	release()
	release() // idempotent
	rel2, err := s2.ClaimExperiment(ctx, "small", "abcdef0123456789")
	if err != nil {
		t.Fatalf("claim after release: %v", err)
	}
	if _, err := s1.ClaimExperiment(ctx, "small", "abcdef0123456789"); !errors.Is(err, ErrOwned) {
		t.Fatalf("the first handle took back a held claim: %v", err)
	}
	rel2()
	var n int
	s1.db.QueryRow(`SELECT count(*) FROM owners`).Scan(&n)
	if n != 0 {
		t.Fatalf("%d leases left after every release", n)
	}
}

// TestClaimTakesOverDeadOwners: leases whose owner is dead are taken over
// (a pid that is gone, a pid reused by another process, another host's
// stale heartbeat); a live one on another host is not.
func TestClaimTakesOverDeadOwners(t *testing.T) {
	s, _ := openTemp(t)
	me := self()
	if me.machine == "" {
		t.Skip("no /proc: only the heartbeat rule applies")
	}
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	put := func(host, machine string, pid int, pidStart string, beat time.Time) {
		t.Helper()
		if _, err := s.db.Exec(`INSERT OR REPLACE INTO owners (key, host, machine, pid, pid_start, token, command, since, heartbeat)
			VALUES ('run'||char(0)||'1', ?, ?, ?, ?, 'x', 'elolab run old.yaml', ?, ?)`,
			host, machine, pid, pidStart, fmtTime(beat.Add(-time.Hour)), fmtTime(beat)); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name     string
		host     string
		machine  string
		pid      int
		pidStart string
		beat     time.Time
		taken    bool
	}{
		{"same machine, live process", me.host, me.machine, os.Getpid(), me.pidStart, now.Add(-time.Hour), false},
		{"same machine, process gone (kill -9), fresh heartbeat", me.host, me.machine, gone.Process.Pid, "1", now, true},
		{"same machine, pid reused by another process", me.host, me.machine, os.Getpid(), me.pidStart + "7", now, true},
		{"other host, fresh heartbeat", "elsewhere", "boot ns", 1, "1", now.Add(-leaseStale / 2), false},
		{"other host, stale heartbeat", "elsewhere", "boot ns", 1, "1", now.Add(-leaseStale - time.Second), true},
		{"same host name, other machine, stale heartbeat", me.host, "another boot", os.Getpid(), me.pidStart, now.Add(-2 * leaseStale), true},
	} {
		put(c.host, c.machine, c.pid, c.pidStart, c.beat)
		rel, err := s.ClaimRun(ctx, 1)
		if c.taken != (err == nil) {
			t.Errorf("%s: taken over %v, want %v (%v)", c.name, err == nil, c.taken, err)
		}
		if err == nil {
			rel()
		} else if !errors.Is(err, ErrOwned) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// TestClaimFreedByKill9: a process that holds a claim is killed with
// SIGKILL (no chance to release it); the claim is refused while it lives
// and granted at once after.
func TestClaimFreedByKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a process")
	}
	s, path := openTemp(t)
	c := childCmd(t, "claim", path, 1, 0, 0)
	out, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	defer c.Process.Kill()
	line, _ := bufio.NewReader(out).ReadString('\n')
	if line != "claimed\n" {
		t.Fatalf("child said %q", line)
	}
	_, err = s.ClaimRun(ctx, 1)
	var oe *OwnedError
	if !errors.As(err, &oe) || oe.Owner.PID != c.Process.Pid {
		t.Fatalf("claim while the child lives: %v, want owned by pid %d", err, c.Process.Pid)
	}
	c.Process.Signal(syscall.SIGKILL)
	c.Wait()
	rel, err := s.ClaimRun(ctx, 1)
	if err != nil {
		t.Fatalf("claim after kill -9 of the owner: %v", err)
	}
	rel()
}

// TestClaimHeartbeat: a held claim's heartbeat advances (what tells other
// hosts that its owner lives) and stops with the release.
func TestClaimHeartbeat(t *testing.T) {
	old := leaseRefresh
	leaseRefresh = 10 * time.Millisecond
	defer func() { leaseRefresh = old }()
	s, _ := openTemp(t)
	release, err := s.ClaimRun(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	o, err := s.owner(ctx, s.db, "run\x001")
	if err != nil || o == nil {
		t.Fatalf("lease %v, %v", o, err)
	}
	first := o.Heartbeat
	deadline := time.Now().Add(10 * time.Second)
	for {
		o, err = s.owner(ctx, s.db, "run\x001")
		if err != nil {
			t.Fatal(err)
		}
		if o.Heartbeat.After(first) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the heartbeat never advanced")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if !o.Since.Equal(first) {
		t.Errorf("since moved from %v to %v", first, o.Since)
	}
	release()
	if o, err := s.owner(ctx, s.db, "run\x001"); o != nil || err != nil {
		t.Fatalf("lease after release: %+v, %v", o, err)
	}
}
