package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Run ownership. Two processes playing the same run would both play every
// pair and interleave their PGN output, so a process claims a run before it
// writes anything for it and holds the claim until it ends. A claim is a
// row of the owners table (a lease), taken in an immediate transaction so
// that of two processes claiming at once exactly one wins. SQLite's own
// file locks cannot do this job: they last one transaction, not a run.
//
// A lease names its process (host, pid, the process's start time, a random
// token) and carries a heartbeat the owner refreshes every leaseRefresh. A
// claim finding a lease takes it over when its owner is dead:
//   - on the same machine (same host name, boot and pid namespace) the
//     owner is dead when /proc/PID is gone, a zombie, or a different
//     process (another start time: the pid was reused). kill -9 of the
//     owner therefore frees its runs at once;
//   - from elsewhere (a store on a shared disk) only the heartbeat can
//     tell: the owner is dead when it is older than leaseStale.
var leaseRefresh = 10 * time.Second // a var for the heartbeat test

const leaseStale = 60 * time.Second // 6 × leaseRefresh

// ErrOwned: another live process owns the run.
var ErrOwned = errors.New("owned by another elolab process")

// Owner is the process holding a claim.
type Owner struct {
	Host      string
	PID       int
	Command   string
	Since     time.Time
	Heartbeat time.Time
	machine   string // boot id and pid namespace (see identity)
	pidStart  string // start time in /proc/PID/stat, against pid reuse
}

// OwnedError is a claim refused because a live process holds it.
type OwnedError struct {
	Path  string // the store
	What  string // what was claimed, for people
	Owner Owner
}

func (e *OwnedError) Error() string {
	o := e.Owner
	return fmt.Sprintf("%s in %s is %s: pid %d on host %s, since %s (%s); see it with: ps -o pid,lstart,args -p %d (on %s). "+
		"Wait for it to end or stop it; the claim of a dead process is released by itself",
		e.What, e.Path, ErrOwned, o.PID, o.Host, o.Since.Local().Format("2006-01-02 15:04:05 MST"), o.Command, o.PID, o.Host)
}

func (e *OwnedError) Is(target error) bool { return target == ErrOwned }

// ClaimExperiment claims every run of an experiment (its name and
// configuration hash) for this process: call it before finding or creating
// the run, so that two processes starting the same experiment at once
// cannot each create a run of their own. release gives the claim back (it
// may be called more than once; Close calls it for claims still held). A claim held by a live process
// is an *OwnedError (errors.Is ErrOwned) naming it.
func (s *Store) ClaimExperiment(ctx context.Context, name, configHash string) (release func(), err error) {
	return s.claim(ctx, "experiment\x00"+name+"\x00"+configHash, fmt.Sprintf("experiment %q (config %.12s)", name, configHash))
}

// ClaimRun claims one run by id, like ClaimExperiment.
func (s *Store) ClaimRun(ctx context.Context, runID int64) (release func(), err error) {
	return s.claim(ctx, "run\x00"+strconv.FormatInt(runID, 10), fmt.Sprintf("run %d", runID))
}

// owner reads the lease of key (nil if none).
func (s *Store) owner(ctx context.Context, q querier, key string) (*Owner, error) {
	var o Owner
	var since, beat string
	err := q.QueryRowContext(ctx, `SELECT host, machine, pid, pid_start, command, since, heartbeat FROM owners WHERE key = ?`, key).
		Scan(&o.Host, &o.machine, &o.PID, &o.pidStart, &o.Command, &since, &beat)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if o.Since, err = parseTime(since); err != nil {
		return nil, err
	}
	if o.Heartbeat, err = parseTime(beat); err != nil {
		return nil, err
	}
	return &o, nil
}

func (s *Store) claim(ctx context.Context, key, what string) (release func(), err error) {
	defer s.annotate(&err)
	me := self()
	tok := make([]byte, 16)
	rand.Read(tok)
	token := hex.EncodeToString(tok)
	var held *Owner
	err = s.write(ctx, func(tx *sql.Tx) error {
		o, err := s.owner(ctx, tx, key)
		if err != nil {
			return err
		}
		now := time.Now()
		if o != nil && o.alive(now) {
			held = o
			return nil
		}
		_, err = tx.ExecContext(ctx, `INSERT OR REPLACE INTO owners (key, host, machine, pid, pid_start, token, command, since, heartbeat)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, key, me.host, me.machine, me.pid, me.pidStart, token, me.command, fmtTime(now), fmtTime(now))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: %s: claiming %s: %w", s.path, what, err)
	}
	if held != nil {
		return nil, &OwnedError{Path: s.path, What: what, Owner: *held}
	}

	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(leaseRefresh)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				// A failed beat is not fatal here: it only matters to
				// another host after leaseStale, and a store that cannot
				// be written fails the run's own next write anyway.
				s.write(context.Background(), func(tx *sql.Tx) error {
					_, err := tx.Exec(`UPDATE owners SET heartbeat = ? WHERE key = ? AND token = ?`, fmtTime(time.Now()), key, token)
					return err
				})
			}
		}
	}()
	s.cmu.Lock()
	if s.claims == nil {
		s.claims = map[int]func(){}
	}
	s.nclaim++
	id := s.nclaim
	var once sync.Once
	release = func() {
		once.Do(func() {
			s.cmu.Lock()
			delete(s.claims, id)
			s.cmu.Unlock()
			close(stop)
			<-done
			// Not the caller's context: releasing must work after an
			// interrupt cancelled it. A release that fails leaves a lease
			// of a dead process, which the next claim takes over.
			ctx, cancel := context.WithTimeout(context.Background(), busyTimeout)
			defer cancel()
			s.write(ctx, func(tx *sql.Tx) error {
				_, err := tx.ExecContext(ctx, `DELETE FROM owners WHERE key = ? AND token = ?`, key, token)
				return err
			})
		})
	}
	s.claims[id] = release
	s.cmu.Unlock()
	return release, nil
}

// releaseAll releases the claims still held, before the store closes.
func (s *Store) releaseAll() {
	s.cmu.Lock()
	var rs []func()
	for _, r := range s.claims {
		rs = append(rs, r)
	}
	s.cmu.Unlock()
	for _, r := range rs {
		r()
	}
}

// alive reports whether the owner's process still runs.
func (o *Owner) alive(now time.Time) bool {
	me := self()
	if me.machine != "" && o.machine == me.machine && o.Host == me.host {
		start, state, err := procStat(o.PID)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return false
		case err == nil:
			return state != 'Z' && state != 'X' && (o.pidStart == "" || start == o.pidStart)
		}
		// /proc unreadable for another reason: fall back on the heartbeat.
	}
	return now.Sub(o.Heartbeat) < leaseStale
}

// identity is this process as leases record it.
type identity struct {
	host, machine, pidStart, command string
	pid                              int
}

// self is computed once: none of it changes while the process runs.
var self = sync.OnceValue(func() identity {
	id := identity{pid: os.Getpid(), command: strings.Join(os.Args, " ")}
	id.host, _ = os.Hostname()
	// The same pid means the same process only within one boot and one
	// pid namespace (containers sharing a host name and a store).
	boot, berr := os.ReadFile("/proc/sys/kernel/random/boot_id")
	ns, nerr := os.Readlink("/proc/self/ns/pid")
	if start, _, err := procStat(id.pid); berr == nil && nerr == nil && err == nil {
		id.machine = strings.TrimSpace(string(boot)) + " " + ns
		id.pidStart = start
	}
	return id
})

// procStat reads a process's start time (field 22 of /proc/PID/stat, clock
// ticks since boot) and state (field 3).
func procStat(pid int) (start string, state byte, err error) {
	if pid <= 0 {
		return "", 0, fs.ErrNotExist
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return "", 0, err
	}
	// The command name (field 2) is in parentheses and may hold spaces
	// and parentheses: the fields after it follow the last ')'.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return "", 0, fmt.Errorf("/proc/%d/stat: unexpected format", pid)
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 20 || len(f[0]) != 1 {
		return "", 0, fmt.Errorf("/proc/%d/stat: unexpected format", pid)
	}
	return f[19], f[0][0], nil
}
