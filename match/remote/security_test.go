package remote

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

func TestConnectRefused(t *testing.T) {
	l := newLab(t, Queue{}, "w")
	start := time.Now()
	if _, _, err := Dial(ClientConfig{URL: l.srv.URL(), Name: "nobody"}); err == nil || !strings.Contains(err.Error(), "refused") {
		t.Errorf("no credential: %v", err)
	}
	// A credential of the right form that this server does not know.
	other := filepath.Join(t.TempDir(), "other")
	if err := AddWorker(other, "w", filepath.Join(other, "w.creds")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Dial(ClientConfig{URL: l.srv.URL(), Creds: filepath.Join(other, "w.creds")}); err == nil || !strings.Contains(err.Error(), "refused the credential") {
		t.Errorf("unknown credential: %v", err)
	}
	if _, _, err := Dial(ClientConfig{URL: "nats://127.0.0.1:1", Creds: filepath.Join(l.dir, "w.creds")}); err == nil || !strings.Contains(err.Error(), "cannot reach") {
		t.Errorf("unreachable server: %v", err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("refusals took %v", d)
	}
}

func TestWorkerCredentialLimits(t *testing.T) {
	l := newLab(t, Queue{}, "w")
	nc := l.dial("w")
	js, err := newJS(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	try := func(what string, f func(context.Context) error) {
		t.Helper()
		c, cancel := call(ctx, nc)
		defer cancel()
		start := time.Now()
		err := callErr(c, what, f(c))
		if err == nil {
			t.Errorf("a worker credential could %s", what)
			return
		}
		if !strings.Contains(err.Error(), "refused by the server") {
			t.Errorf("%s: %v (want a permissions violation)", what, err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: refused after %v", what, d)
		}
	}
	try("publish a batch", func(c context.Context) error {
		_, err := js.Publish(c, WorkSubject("r1", "x"), []byte("{}"))
		return err
	})
	try("delete a stream", func(c context.Context) error { return js.DeleteStream(c, WorkStream) })
	try("purge the work queue", func(c context.Context) error {
		s, err := js.Stream(c, WorkStream)
		if err != nil {
			return err
		}
		return s.Purge(c)
	})
	try("read results", func(c context.Context) error {
		_, err := js.CreateConsumer(c, ResultStream, jetstream.ConsumerConfig{AckPolicy: jetstream.AckNonePolicy})
		return err
	})
	try("write another worker's heartbeat", func(c context.Context) error {
		kv, err := js.KeyValue(c, WorkersBucket)
		if err != nil {
			return err
		}
		_, err = kv.Put(c, "someone-else", []byte("{}"))
		return err
	})
	// What a worker does is allowed.
	c, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := js.Publish(c, ResultSubject("r1", "x"), []byte("{}")); err != nil {
		t.Errorf("publishing a result: %v", err)
	}
}

func TestRevokedWorkerIsDisconnected(t *testing.T) {
	l := newLab(t, Queue{}, "w")
	nc := l.dial("w")
	if err := RemoveWorker(l.srv.dir, "w"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for nc.IsConnected() && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if nc.IsConnected() {
		t.Fatal("a revoked worker is still connected")
	}
	if _, _, err := Dial(ClientConfig{URL: l.srv.URL(), Creds: filepath.Join(l.dir, "w.creds")}); err == nil {
		t.Fatal("a revoked credential connects")
	}
}

func TestWorkerOfAnotherVersionRefused(t *testing.T) {
	l := newLab(t, Queue{}, "w")
	w := &Worker{Conn: l.dial("w"), Name: "w", Version: "v9.9", Cache: t.TempDir(), Executor: &fakeExec{}}
	err := w.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "elolab test") || !strings.Contains(err.Error(), "elolab v9.9") {
		t.Fatalf("got %v, want both versions named", err)
	}
}

func TestDigestMismatchRefused(t *testing.T) {
	l := newLab(t, Queue{AckWait: 2 * time.Second}, "w")
	mine := filepath.Join(t.TempDir(), "my-engine")
	if err := os.WriteFile(mine, []byte("another program"), 0o755); err != nil {
		t.Fatal(err)
	}
	ex := &fakeExec{}
	stop, done := l.worker("w", ex, func(w *Worker) { w.Engines = map[string]string{"a": mine} })
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	go func() { _, _, _ = l.collect(ctx, l.batch(1)) }()
	select {
	case err := <-done:
		var de *DigestError
		if !errorsAs(err, &de) || !strings.Contains(err.Error(), "refusing to run it") {
			t.Fatalf("worker ended with %v, want a digest error", err)
		}
	case <-ctx.Done():
		t.Fatal("the worker ran on with a binary of the wrong digest")
	}
	if ex.pairs != 0 {
		t.Errorf("%d pairs played with the wrong binary", ex.pairs)
	}
}

func TestDownloadedBinaryVerified(t *testing.T) {
	l := newLab(t, Queue{AckWait: 2 * time.Second}, "w")
	stop, _ := l.worker("w", &fakeExec{})
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if _, _, err := l.collect(ctx, l.batch(1)); err != nil {
		t.Fatal(err)
	}
	want, _ := fileDigest(l.prog)
	got, err := fileDigest(filepath.Join(l.dir, "cache-w", objectName(want)))
	if err != nil || got != want {
		t.Fatalf("cached binary: digest %s, %v; want %s", got, err, want)
	}
	// The heartbeat named the worker while it played.
	js, _ := newJS(l.coord.Conn)
	hs, err := Workers(ctx, js)
	if err != nil || len(hs) != 1 || hs[0].Name != "w" || hs[0].Version != "test" {
		b, _ := json.Marshal(hs)
		t.Errorf("live workers %s, %v", b, err)
	}
}

func TestServerWithAnotherDataDirectory(t *testing.T) {
	l := newLab(t, Queue{}, "w")
	stop, done := l.worker("w", &fakeExec{})
	defer stop()
	time.Sleep(300 * time.Millisecond)
	port := l.srv.ns.Addr().(*net.TCPAddr).Port
	l.srv.Close()
	// The same address, another directory: it knows no worker.
	srv, err := Serve(ServerConfig{Listen: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), Dir: filepath.Join(t.TempDir(), "other")})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "another data directory") {
			t.Fatalf("worker ended with %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the worker did not stop when the server no longer knew its credential")
	}
}
