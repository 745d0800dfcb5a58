package main

// The live page (issue #17) in a real browser: headless chromium driven by
// chromedp against elolab run --http and elolab serve. These tests own the
// claims that httptest cannot check: the page a person sees shows the
// store's totals, follows a live run, and keeps up with a fast one.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/results/report"
)

// browser is one headless chromium tab with a 1280×900 viewport; it
// collects the page's uncaught exceptions and writes screenshots.
type browser struct {
	t   testing.TB
	ctx context.Context

	mu   sync.Mutex
	errs []string
}

// newBrowser starts chromium, or skips the test when it is not installed.
func newBrowser(t testing.TB) *browser {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("needs a headless browser: install the Debian package chromium (apt-get install chromium)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // tests may run as root, where chromium's sandbox refuses to start
		chromedp.WindowSize(1280, 900),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	b := &browser{t: t, ctx: ctx}
	// Events starts the browser; the first Run must not carry a timeout.
	exceptions := chromedp.Events(ctx, runtime.ExceptionThrown)
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				msg = d.Exception.Description
			}
			b.mu.Lock()
			b.errs = append(b.errs, fmt.Sprintf("%s:%d: %s", d.URL, d.LineNumber+1, msg))
			b.mu.Unlock()
		}
	}()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatalf("start chromium (%s): %v", path, err)
	}
	t.Cleanup(func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		for _, e := range b.errs {
			t.Errorf("the page threw: %s", e)
		}
	})
	return b
}

// do runs steps with a deadline (the browser's own context has none).
func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// open loads url in the tab (a full navigation).
func (b *browser) open(url string) { b.t.Helper(); b.do("open "+url, chromedp.Navigate(url)) }

// route moves the page to another hash route, as a click on a link does.
func (b *browser) route(hash string) {
	b.t.Helper()
	b.do("go to "+hash, chromedp.Evaluate[chromedp.Void](`location.hash = `+strconv.Quote(hash)))
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](b *browser, expr string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// wait polls a JavaScript expression until it is truthy and returns it.
func wait[T any](b *browser, what, expr string, d time.Duration) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, d+5*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Poll[T](expr, chromedp.WithPollingTimeout(d), chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		b.t.Fatalf("waiting for %s: %v (page text: %.600q)", what, err, b.text())
	}
	return v
}

// text is the page's visible text, for failure messages.
func (b *browser) text() string {
	ctx, cancel := context.WithTimeout(b.ctx, 3*time.Second)
	defer cancel()
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText : ''`))
	return s
}

// shot writes a PNG of the viewport to the test's temporary directory
// and, when ELOLAB_SCREENSHOTS names a directory, there too.
func (b *browser) shot(dir, name string) {
	b.t.Helper()
	// Let pending frames (charts, board images) paint first.
	wait[bool](b, "a painted frame", `new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(true))))`, 5*time.Second)
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatalf("screenshot %s: %v", name, err)
	}
	dirs := []string{dir}
	if d := os.Getenv("ELOLAB_SCREENSHOTS"); d != "" {
		dirs = append(dirs, d)
	}
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, name), png, 0o644); err != nil {
			b.t.Fatal(err)
		}
	}
	b.t.Logf("screenshot %s: %d KB", name, len(png)/1024)
}

// syncBuffer collects a child's output while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// served is an elolab process that serves the page.
type served struct {
	t    testing.TB
	cmd  *exec.Cmd
	out  *syncBuffer
	url  string // http://127.0.0.1:PORT/
	done chan struct{}
}

var pageURL = regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)

// startServing starts elolab with args (one of them --http
// 127.0.0.1:0) and waits for the address it prints.
func startServing(t testing.TB, elolab string, args ...string) *served {
	t.Helper()
	s := &served{t: t, out: &syncBuffer{}, done: make(chan struct{})}
	s.cmd = exec.Command(elolab, args...)
	s.cmd.Stdout, s.cmd.Stderr = s.out, s.out
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = s.cmd.Wait(); close(s.done) }()
	t.Cleanup(s.stop)
	deadline := time.Now().Add(20 * time.Second)
	for s.url == "" {
		select {
		case <-s.done:
			t.Fatalf("elolab %s exited before serving:\n%s", strings.Join(args, " "), s.out)
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("elolab %s printed no address in 20 s:\n%s", strings.Join(args, " "), s.out)
		}
		s.url = pageURL.FindString(s.out.String())
	}
	return s
}

// stop interrupts the process (a run stops cleanly and can be resumed)
// and waits for it; it kills it only if it hangs.
func (s *served) stop() {
	select {
	case <-s.done:
		return
	default:
	}
	_ = s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.done:
	case <-time.After(15 * time.Second):
		s.t.Errorf("elolab did not stop 15 s after Ctrl-C; killing it")
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}

// childPIDs lists the processes whose parent is pid (the engines of a run).
func childPIDs(pid int) []int {
	ents, _ := os.ReadDir("/proc")
	var kids []int
	for _, e := range ents {
		n, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid …: comm may hold spaces, so read after ')'.
		f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			kids = append(kids, n)
		}
	}
	return kids
}

// storeState reads the run from the store, read-only as elolab report
// does: its stored games and its text report.
func storeState(t testing.TB, db string, runID int64) (games int, text string) {
	t.Helper()
	ctx := context.Background()
	st, run, err := report.OpenRun(ctx, db, strconv.FormatInt(runID, 10))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	runs, err := st.ListRuns(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range runs {
		if r.ID == run.ID {
			games = r.Games
		}
	}
	r, err := report.Load(ctx, st, run.ID, report.Options{LadderNewestFirst: true})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := r.Write(&buf, report.Text); err != nil {
		t.Fatal(err)
	}
	return games, buf.String()
}

// JavaScript read-outs of the run page: the header's counts and the
// fastchess block (the first <pre class="block"> of the page).
const (
	jsRunHead  = `(document.querySelector('header.runhead') || {}).textContent || ''`
	jsBlock    = `(document.querySelector('pre.block') || {}).textContent || ''`
	jsLLRPairs = `+((document.querySelector('.chart[data-pairs]') || {dataset: {}}).dataset.pairs || 0)`
)

var headCounts = regexp.MustCompile(`(\d+) games, (\d+) of (\d+) pairs`)

// pageCounts parses the run page's header: stored games, complete pairs.
func pageCounts(b *browser) (games, pairs int) {
	m := headCounts.FindStringSubmatch(eval[string](b, jsRunHead))
	if m == nil {
		return -1, -1
	}
	games, _ = strconv.Atoi(m[1])
	pairs, _ = strconv.Atoi(m[2])
	return games, pairs
}

// pairsAtLeast is a poll expression: the header shows ≥ n complete pairs.
func pairsAtLeast(n int) string {
	return `(() => { const m = /(\d+) of \d+ pairs/.exec(` + jsRunHead + `); return m && +m[1] >= ` + strconv.Itoa(n) + ` ? +m[1] : 0; })()`
}

// TestLivePageInBrowser opens the page of a live fixed-node SPRT run in
// headless chromium: it waits for pairs to arrive, checks at a moment when
// the run is held still (its engines stopped with SIGSTOP) that the page's
// result block is the store's, watches the games in play move, steps
// through a game, then serves the finished store with elolab serve and
// opens the SPSA page of a short tune. It writes a screenshot of each page.
func TestLivePageInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real games in a real browser")
	}
	b := newBrowser(t) // first: it skips the test without chromium
	elolab, labrat := buildBins(t)
	dir := t.TempDir()
	shots := t.TempDir()
	db := filepath.Join(dir, "lab.db")

	// Run 1: a short tune of two parameters, for the SPSA page.
	tune := writeFile(t, "tune.yaml", `name: spsa-knight
kind: spsa
nodes: 300
tc: inf
book: {file: builtin:8moves_v3.pgn.gz, order: random}
seed: 11
labrat_cmd: `+labrat+`
adjudication:
  resign: {movecount: 3, score: 600}
  draw: {movenumber: 30, movecount: 6, score: 10}
  maxmoves: 80
engines:
  - name: labrat-detuned
    labrat: true
    params: {eval.material.knight.mg: 180}
spsa:
  iterations: 40
  batch: 2
  params:
    - {name: eval.material.knight.mg, c_end: 30, r_end: 0.005}
    - {name: eval.bishoppair.mg, c_end: 10, r_end: 0.005}
`)
	if out, err := exec.Command(elolab, "tune", tune, "--db", db, "--no-verify", "--progress", "off", "--concurrency", "2").CombinedOutput(); err != nil {
		t.Fatalf("elolab tune: %v\n%s", err, out)
	}

	// Run 2: an SPRT far longer than the test watches it (stopped with
	// Ctrl-C), with bounds wide enough that no verdict ends it early.
	exp := writeFile(t, "sprt.yaml", `name: futility-ab
kind: sprt
nodes: 2000
tc: inf
book: {file: builtin:8moves_v3.pgn.gz, order: random}
seed: 42
concurrency: 2
labrat_cmd: `+labrat+`
sprt: {elo0: 0, elo1: 10, alpha: 0.01, beta: 0.01, model: logistic, max_pairs: 1000}
adjudication:
  draw: {movenumber: 34, movecount: 8, score: 20}
  resign: {movecount: 3, score: 600}
  maxmoves: 200
engines:
  - name: futility-on
    labrat: true
  - name: futility-off
    extends: futility-on
    params: {futility.enabled: false}
`)
	run := startServing(t, elolab, "run", exp, "--db", db, "--http", "127.0.0.1:0", "--progress", "off")
	m := regexp.MustCompile(`Run (\d+): futility-ab`).FindStringSubmatch(run.out.String())
	if m == nil {
		t.Fatalf("no run id in the output:\n%s", run.out)
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	runRoute := fmt.Sprintf("#/run/%d", id)

	// The run page follows the run: N pairs arrive in the header and in
	// the LLR plot without a reload.
	const N = 6
	b.open(run.url + runRoute)
	got := wait[int](b, fmt.Sprintf("%d pairs on the run page", N), pairsAtLeast(N), 30*time.Second)
	wait[bool](b, "the LLR plot to reach the header's pairs", jsLLRPairs+` >= `+strconv.Itoa(got), 10*time.Second)
	if !strings.Contains(eval[string](b, jsRunHead), "running") {
		t.Errorf("the run page does not say the run is running: %q", eval[string](b, jsRunHead))
	}

	// The games in play move on the live page.
	b.route("#/live")
	jsLive := `[...document.querySelectorAll('.livecard')].filter((c) => { const i = c.querySelector('img.board'); return i && i.complete && i.naturalWidth > 0; }).map((c) => c.querySelector('.meta').textContent).join('|')`
	first := wait[string](b, "a live board", jsLive, 10*time.Second)
	wait[string](b, "the live boards to move", `(() => { const s = `+jsLive+`; return s && s !== `+strconv.Quote(first)+` ? s : ''; })()`, 10*time.Second)
	b.shot(shots, "live.png")

	b.route("#/")
	wait[bool](b, "both runs in the list", `document.querySelectorAll('main table tbody tr').length >= 2`, 10*time.Second)
	if txt := b.text(); !strings.Contains(txt, "futility-ab") || !strings.Contains(txt, "spsa-knight") {
		t.Errorf("the runs list lacks a run:\n%s", txt)
	}
	b.shot(shots, "runs.png")

	b.route("#/workers")
	wait[bool](b, "the workers page", `/No live workers|Games\/min/.test(document.querySelector('main').textContent)`, 10*time.Second)
	b.shot(shots, "workers.png")

	// Hold the run still and compare the page with the store.
	// More pairs first, so that the plots have a shape.
	b.route(runRoute)
	wait[int](b, "20 pairs on the run page", pairsAtLeast(20), 30*time.Second)
	resume := holdStill(t, run.cmd.Process.Pid, db, id)
	games, text := storeState(t, db, id)
	wait[bool](b, fmt.Sprintf("the page to show the store's %d games", games),
		`/\b`+strconv.Itoa(games)+` games,/.test(`+jsRunHead+`)`, 10*time.Second)
	wait[bool](b, "the result block", `/Games: `+strconv.Itoa(games)+`,/.test(`+jsBlock+`)`, 10*time.Second)
	block := eval[string](b, jsBlock)
	if !strings.Contains(text, block) {
		t.Errorf("the page's result block is not the store's:\npage:\n%s\nelolab report:\n%s", block, text)
	}
	wait[bool](b, "the LLR plot to catch up", jsLLRPairs+` >= `+strconv.Itoa(games/2), 10*time.Second)
	t.Logf("at %d games the page's block equals elolab report's", games)
	b.shot(shots, "run.png")
	resume()

	stepThroughGame(t, b, shots)

	run.stop()
	games, text = storeState(t, db, id)

	// The stopped run and the tune through elolab serve.
	srv := startServing(t, elolab, "serve", "--db", db, "--http", "127.0.0.1:0")
	b.open(srv.url + runRoute)
	wait[bool](b, "the final block", `/Games: `+strconv.Itoa(games)+`,/.test(`+jsBlock+`)`, 10*time.Second)
	if block := eval[string](b, jsBlock); !strings.Contains(text, block) {
		t.Errorf("after the run, the page's result block is not the store's:\npage:\n%s\nelolab report:\n%s", block, text)
	}
	b.route("#/run/1")
	wait[bool](b, "the SPSA trajectories", `document.querySelectorAll('.trajectories .chart canvas').length >= 2`, 10*time.Second)
	// The tuned values are the <pre> after the "Tuned values" heading; a
	// labrat parameter left at labrat's default is not listed there. The
	// knight starts 150 cp off its default and is always listed; where the
	// bishop pair ends depends on the games, so it may or may not be.
	yaml := wait[string](b, "the tuned values", `(() => { const h = [...document.querySelectorAll('h3')].find((e) => e.textContent.startsWith('Tuned values')); return h && h.nextElementSibling ? h.nextElementSibling.textContent : ''; })()`, 10*time.Second)
	ym := regexp.MustCompile(`^# Tuned by elolab tune.*\n(?:eval\.bishoppair\.mg: (\d+)\n)?eval\.material\.knight\.mg: \d+$`).FindStringSubmatch(strings.TrimSpace(yaml))
	if ym == nil {
		t.Errorf("the tuned values are not the tuner's YAML:\n%s", yaml)
	} else if pair, _ := params.Lookup("eval.bishoppair.mg"); ym[1] == strconv.Itoa(pair.Default) {
		t.Errorf("the tuned values list eval.bishoppair.mg at labrat's default %d:\n%s", pair.Default, yaml)
	}
	b.shot(shots, "spsa.png")
}

// holdStill stops the run's engines (SIGSTOP) until the store has not
// changed for a while, so that the page can be compared with the store at
// a moment when both are stable; the returned func resumes them.
func holdStill(t *testing.T, pid int, db string, runID int64) (resume func()) {
	t.Helper()
	stopped := map[int]bool{}
	resume = func() {
		for p := range stopped {
			_ = syscall.Kill(p, syscall.SIGCONT)
		}
		clear(stopped)
	}
	t.Cleanup(resume)
	last := -1
	for tries := 0; tries < 50; tries++ {
		fresh := false
		for _, p := range childPIDs(pid) {
			if !stopped[p] {
				fresh = true
				stopped[p] = true
				if err := syscall.Kill(p, syscall.SIGSTOP); err != nil {
					t.Fatalf("stop engine %d: %v", p, err)
				}
			}
		}
		time.Sleep(300 * time.Millisecond)
		games, _ := storeState(t, db, runID)
		if !fresh && games == last && len(stopped) > 0 {
			return resume
		}
		last = games
	}
	t.Fatalf("the run did not hold still (engines %v)", stopped)
	return resume
}

// stepThroughGame opens the first game of the run page's list in the
// viewer and steps through it with the buttons and the arrow keys.
func stepThroughGame(t *testing.T, b *browser, shots string) {
	t.Helper()
	wait[bool](b, "a game in the list", `!!document.querySelector('.gamelist a[href*="/game/"]')`, 10*time.Second)
	b.do("open a game", chromedp.Click(chromedp.CSS(`.gamelist a[href*="/game/"]`)))
	where := func() string {
		return eval[string](b, `(document.querySelector('.viewer .where') || {}).textContent || ''`)
	}
	plyOf := regexp.MustCompile(`ply (\d+) of (\d+)`)
	s := wait[string](b, "the game viewer", `(document.querySelector('.viewer .where') || {}).textContent || ''`, 10*time.Second)
	m := plyOf.FindStringSubmatch(s)
	if m == nil || m[1] != m[2] {
		t.Fatalf("the viewer does not open on the final position: %q", s)
	}
	n, _ := strconv.Atoi(m[2])
	if n < 20 {
		t.Fatalf("the first game has %d plies; want a longer one to step through", n)
	}
	boardLoaded := `(() => { const i = document.querySelector('.viewer img.board'); return i && i.complete && i.naturalWidth > 0 ? i.getAttribute('src') : ''; })()`
	b.do("go to the start", chromedp.Click(chromedp.CSS(`.viewer .controls button:first-child`)))
	if s := where(); !strings.Contains(s, "ply 0 of") {
		t.Errorf("after « Start the viewer says %q", s)
	}
	src0 := wait[string](b, "the start position's board", boardLoaded, 10*time.Second)
	b.do("next move", chromedp.Click(chromedp.CSS(`.viewer .controls button:nth-child(3)`)))
	for i := 0; i < 19; i++ {
		b.do("arrow right", chromedp.KeyEvent(kb.ArrowRight))
	}
	b.do("arrow left", chromedp.KeyEvent(kb.ArrowLeft))
	if s := where(); !strings.Contains(s, "ply 19 of") {
		t.Errorf("after Next, 19 × → and ← the viewer says %q, want ply 19", s)
	}
	src := wait[string](b, "the board after 19 plies", `(() => { const s = `+boardLoaded+`; return s && s !== `+strconv.Quote(src0)+` ? s : ''; })()`, 10*time.Second)
	if !strings.Contains(src, "/svg/board?fen=") {
		t.Errorf("the board is not the server's SVG: %q", src)
	}
	if cur := eval[int](b, `[...document.querySelectorAll('.moves button.move')].findIndex((e) => e.classList.contains('current'))`); cur != 18 {
		t.Errorf("the move list marks move %d, want the 19th (index 18)", cur)
	}
	b.shot(shots, "game.png")
}
