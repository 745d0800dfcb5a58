package store

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The multi-process tests re-execute the test binary with these variables
// set; TestMain then runs a child role instead of the tests.
const (
	envRole = "ELOLAB_STORE_TEST_ROLE"
	envPath = "ELOLAB_STORE_TEST_PATH"
	envRun  = "ELOLAB_STORE_TEST_RUN"
	envFrom = "ELOLAB_STORE_TEST_FROM"
	envTo   = "ELOLAB_STORE_TEST_TO"
)

func TestMain(m *testing.M) {
	if role := os.Getenv(envRole); role != "" {
		if err := child(role); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(3)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func child(role string) error {
	if role == "readonly" {
		// Reads a store it may not write (TestOpenReadOnlyDirectory).
		s, err := OpenReadOnly(ctx, os.Getenv(envPath))
		if err != nil {
			return err
		}
		defer s.Close()
		runID, _ := strconv.ParseInt(os.Getenv(envRun), 10, 64)
		n, err := s.CountGames(ctx, runID)
		if err != nil {
			return err
		}
		fmt.Printf("%d games\n", n)
		return nil
	}
	s, err := Open(os.Getenv(envPath))
	if err != nil {
		return err
	}
	defer s.Close()
	runID, _ := strconv.ParseInt(os.Getenv(envRun), 10, 64)
	from, _ := strconv.Atoi(os.Getenv(envFrom))
	to, _ := strconv.Atoi(os.Getenv(envTo))
	switch role {
	case "writer":
		// Writes pairs [from, to): both games of each.
		for p := from; p < to; p++ {
			if err := writePair(s, runID, p); err != nil {
				return err
			}
		}
		return nil
	case "create":
		// Opens a store that may not exist yet, creates its own run and
		// writes pairs [from, to).
		r, err := s.CreateRun(ctx, NewRun{Name: fmt.Sprintf("proc-%d", os.Getpid()), Kind: "match", Config: "x",
			Engines: []Engine{{Name: "A"}, {Name: "B"}}})
		if err != nil {
			return err
		}
		for p := from; p < to; p++ {
			if err := writePair(s, r.ID, p); err != nil {
				return err
			}
		}
		return nil
	case "endless":
		// Writes pairs from `from` on until killed.
		for p := from; ; p++ {
			if err := writePair(s, runID, p); err != nil {
				return err
			}
		}
	case "claim":
		// Claims run 1 of the store, says so and waits to be killed.
		if _, err := s.ClaimRun(ctx, runID); err != nil {
			return err
		}
		fmt.Println("claimed")
		time.Sleep(time.Minute)
		return errors.New("still alive after a minute")
	case "killed-in-transaction":
		// Starts a game's transaction, writes its rows, and dies with
		// SIGKILL before the commit.
		if err := s.AddPair(ctx, Pair{RunID: runID, Index: from, First: "A", Second: "B", OpeningIndex: from}); err != nil {
			return err
		}
		s.wmu.Lock()
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		g := gameOf(runID, from, 0, "A", "B")
		if _, err := tx.Exec(`INSERT INTO games (run_id, pair_index, game_index, white, black, result) VALUES (?, ?, 0, ?, ?, ?)`,
			runID, from, g.White, g.Black, g.Result); err != nil {
			return err
		}
		if _, err := tx.Exec(`UPDATE pairs SET state = 'partial' WHERE run_id = ? AND pair_index = ?`, runID, from); err != nil {
			return err
		}
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
		time.Sleep(time.Minute)
		return errors.New("still alive after SIGKILL")
	}
	return fmt.Errorf("unknown role %q", role)
}

func writePair(s *Store, runID int64, p int) error {
	if err := s.AddPair(ctx, Pair{RunID: runID, Index: p, First: "A", Second: "B", OpeningIndex: p}); err != nil {
		return err
	}
	for idx := 0; idx < 2; idx++ {
		if _, err := s.RecordGame(ctx, gameOf(runID, p, idx, "A", "B")); err != nil {
			return err
		}
	}
	return nil
}

func childCmd(t *testing.T, role, path string, runID int64, from, to int) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), envRole+"="+role, envPath+"="+path, envRun+"="+fmt.Sprint(runID),
		envFrom+"="+fmt.Sprint(from), envTo+"="+fmt.Sprint(to))
	cmd.Stderr = os.Stderr
	return cmd
}

// checkConsistent verifies the invariants every store must keep, whatever
// happened to its writers: integrity, no pair with more than two games,
// pair states equal to their game counts.
func checkConsistent(t *testing.T, s *Store, runID int64) *Progress {
	t.Helper()
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
	var bad int
	if err := s.db.QueryRow(`SELECT count(*) FROM pairs p WHERE p.run_id = ?1 AND p.state <> CASE
		(SELECT count(*) FROM games g WHERE g.run_id = p.run_id AND g.pair_index = p.pair_index)
		WHEN 2 THEN 'complete' WHEN 1 THEN 'partial' ELSE 'pending' END`, runID).Scan(&bad); err != nil {
		t.Fatal(err)
	}
	if bad != 0 {
		t.Fatalf("%d pairs whose state does not match their games", bad)
	}
	var dup int
	s.db.QueryRow(`SELECT count(*) FROM (SELECT pair_index FROM games WHERE run_id = ? GROUP BY pair_index HAVING count(*) > 2)`, runID).Scan(&dup)
	if dup != 0 {
		t.Fatalf("%d pairs with more than two games", dup)
	}
	pr, err := s.Progress(ctx, runID)
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

// TestConcurrentGoroutines: 8 goroutines record games into one store at
// the same time, half of them replaying the other half's pairs; every game
// is stored exactly once. Run with -race.
func TestConcurrentGoroutines(t *testing.T) {
	s, _ := openTemp(t)
	const pairs, writers = 200, 8
	r := newRun(t, s, "concurrent", pairs)
	start := time.Now()
	var wg sync.WaitGroup
	var inserted sync.Map
	errs := make(chan error, writers)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			// Writers w and w+4 cover the same pairs: one of them inserts,
			// the other's writes are no-ops.
			for p := w % 4; p < pairs; p += 4 {
				if err := s.AddPair(ctx, Pair{RunID: r.ID, Index: p, First: "A", Second: "B", OpeningIndex: p}); err != nil {
					errs <- err
					return
				}
				for idx := 0; idx < 2; idx++ {
					ins, err := s.RecordGame(ctx, gameOf(r.ID, p, idx, "A", "B"))
					if err != nil {
						errs <- err
						return
					}
					if ins {
						if _, dup := inserted.LoadOrStore([2]int{p, idx}, w); dup {
							errs <- fmt.Errorf("game %d.%d inserted twice", p, idx)
							return
						}
					}
				}
			}
		}(w)
	}
	// A reader runs alongside the writers (WAL: readers do not block).
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 20; i++ {
			if _, err := s.Matchups(ctx, r.ID); err != nil {
				errs <- err
				return
			}
		}
	}()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	pr := checkConsistent(t, s, r.ID)
	if !pr.Done() || pr.Games != 2*pairs {
		t.Fatalf("progress %d games, done=%v", pr.Games, pr.Done())
	}
	t.Logf("%d writers: %d games in %v (%.0f games/s, half of the writes were duplicates)",
		writers, 2*pairs, elapsed.Round(time.Millisecond), float64(2*pairs)/elapsed.Seconds())
}

// TestConcurrentProcesses: two OS processes and this one write the same
// file at the same time; the ranges overlap so that the same games are
// written by two processes.
func TestConcurrentProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	s, path := openTemp(t)
	const pairs = 150
	r := newRun(t, s, "processes", pairs)
	start := time.Now()
	c1 := childCmd(t, "writer", path, r.ID, 0, 100)
	c2 := childCmd(t, "writer", path, r.ID, 50, 150)
	if err := c1.Start(); err != nil {
		t.Fatal(err)
	}
	if err := c2.Start(); err != nil {
		t.Fatal(err)
	}
	for p := 100; p < pairs; p++ { // overlaps with the second child
		if err := writePair(s, r.ID, p); err != nil {
			t.Fatal(err)
		}
	}
	if err := c1.Wait(); err != nil {
		t.Fatalf("child 1: %v", err)
	}
	if err := c2.Wait(); err != nil {
		t.Fatalf("child 2: %v", err)
	}
	elapsed := time.Since(start)
	pr := checkConsistent(t, s, r.ID)
	if !pr.Done() || pr.Games != 2*pairs || len(pr.Complete) != pairs {
		t.Fatalf("progress: %d games, %d complete", pr.Games, len(pr.Complete))
	}
	games, _ := s.Games(ctx, r.ID, false)
	for _, g := range games {
		if g.Result != resultOf(g.Pair, g.Index) {
			t.Fatalf("game %d.%d has result %s", g.Pair, g.Index, g.Result)
		}
	}
	t.Logf("3 processes: %d distinct games (%d writes) in %v", 2*pairs, 2*(100+100+50), elapsed.Round(time.Millisecond))
}

// TestConcurrentCreate: three processes open a store file that does not
// exist yet at the same moment; the schema is created once and every
// process writes its run.
func TestConcurrentCreate(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	path := filepath.Join(t.TempDir(), DefaultFile)
	var cmds []*exec.Cmd
	for i := 0; i < 3; i++ {
		c := childCmd(t, "create", path, 0, 0, 20)
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, c)
	}
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("child %d: %v", i, err)
		}
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var migs int
	s.db.QueryRow(`SELECT count(*) FROM schema_migrations`).Scan(&migs)
	runs, err := s.ListRuns(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if migs != SchemaVersion || len(runs) != 3 {
		t.Fatalf("%d migration rows, %d runs", migs, len(runs))
	}
	for _, r := range runs {
		if r.Games != 40 || r.CompletePairs != 20 {
			t.Fatalf("run %+v", r)
		}
		checkConsistent(t, s, r.ID)
	}
}

// TestKilledInTransaction: a process dies (SIGKILL) after writing a game's
// rows but before the commit; the game is not in the store, the store is
// sound, and resuming replays the pair.
func TestKilledInTransaction(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	s, path := openTemp(t)
	r := newRun(t, s, "killed", 3)
	playPair(t, s, r.ID, 0, "A", "B")
	cmd := childCmd(t, "killed-in-transaction", path, r.ID, 1, 0)
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child did not die of SIGKILL: %v", err)
	}
	s.Close()
	s2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	pr := checkConsistent(t, s2, r.ID)
	if fmt.Sprint(pr.Complete, pr.Partial, pr.Pending, pr.Games) != "[0] [] [1 2] 2" {
		t.Fatalf("after the kill: %+v", pr)
	}
	// The store still takes writes (no lock left behind).
	playPair(t, s2, r.ID, 1, "A", "B")
}

// TestCloseWithoutCommit: a store closed while a game's transaction is
// open (written, never committed) shows nothing of it to the next opener,
// and once the abandoned transaction is gone the store takes writes again.
func TestCloseWithoutCommit(t *testing.T) {
	s, path := openTemp(t)
	r := newRun(t, s, "rollback", 1)
	if err := s.AddPair(ctx, Pair{RunID: r.ID, Index: 0, First: "A", Second: "B"}); err != nil {
		t.Fatal(err)
	}
	tx, err := s.db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(`INSERT INTO games (run_id, pair_index, game_index, white, black, result) VALUES (?, 0, 0, 'A', 'B', '1-0')`, r.ID); err != nil {
		t.Fatal(err)
	}
	s.Close() // no commit, no rollback
	s2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if n, _ := s2.CountGames(ctx, r.ID); n != 0 {
		t.Fatalf("%d games of an uncommitted transaction are visible", n)
	}
	tx.Rollback() // what the end of the process does to the abandoned transaction
	playPair(t, s2, r.ID, 0, "A", "B")
	if n, _ := s2.CountGames(ctx, r.ID); n != 2 {
		t.Fatalf("%d games after the replay", n)
	}
}

// TestKillWhileWriting: a writer process is killed at a random moment
// while it records games as fast as it can, five times in a row, each time
// resuming; at the end every pair is complete exactly once.
func TestKillWhileWriting(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	s, path := openTemp(t)
	const planned = 60
	r := newRun(t, s, "kill-loop", planned)
	next := 0
	for kill := 0; kill < 5; kill++ {
		cmd := childCmd(t, "endless", path, r.ID, next, 0)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			n, err := s.CountGames(ctx, r.ID)
			if err != nil {
				t.Fatal(err)
			}
			if n >= 2*next+7+kill || time.Now().After(deadline) {
				break
			}
			time.Sleep(time.Millisecond)
		}
		cmd.Process.Kill()
		cmd.Wait()
		plan, err := s.Resume(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		checkConsistent(t, s, r.ID)
		// Replay the pairs the resume plan asks for below the frontier.
		for _, p := range plan.Replay {
			if p < plan.NextPair {
				if err := writePair(s, r.ID, p); err != nil {
					t.Fatal(err)
				}
			}
		}
		next = plan.NextPair
	}
	for p := 0; p < planned; p++ {
		if err := writePair(s, r.ID, p); err != nil {
			t.Fatal(err)
		}
	}
	pr := checkConsistent(t, s, r.ID)
	total, _ := s.CountGames(ctx, r.ID)
	if pr.Games != total || len(pr.Complete) < planned || len(pr.Partial) != 0 {
		t.Fatalf("final: %+v (%d games)", pr, total)
	}
	games, _ := s.Games(ctx, r.ID, false)
	seen := map[[2]int]bool{}
	for _, g := range games {
		k := [2]int{g.Pair, g.Index}
		if seen[k] {
			t.Fatalf("game %v twice", k)
		}
		seen[k] = true
	}
	t.Logf("5 kills: %d games in %d complete pairs", total, len(pr.Complete))
}

// BenchmarkRecordGame: one writer committing games one transaction each,
// with the default synchronous=FULL and with Options.Relaxed.
func BenchmarkRecordGame(b *testing.B) {
	for _, relaxed := range []bool{false, true} {
		b.Run(fmt.Sprintf("relaxed=%v", relaxed), func(b *testing.B) {
			s, err := OpenWith(ctx, filepath.Join(b.TempDir(), DefaultFile), Options{Relaxed: relaxed})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			r := newRun(b, s, "bench", 0)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p, idx := i/2, i%2
				if idx == 0 {
					if err := s.AddPair(ctx, Pair{RunID: r.ID, Index: p, First: "A", Second: "B", OpeningIndex: p}); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := s.RecordGame(ctx, gameOf(r.ID, p, idx, "A", "B")); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
