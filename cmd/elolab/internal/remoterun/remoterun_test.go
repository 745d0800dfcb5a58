package remoterun

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/match/remote"
)

func TestCheckNamesTheFlags(t *testing.T) {
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{Serve: "127.0.0.1:4222", NATS: "nats://x:4222"}, "--serve and --nats"},
		{Options{Creds: "w.creds"}, "need --serve or --nats"},
		{Options{Queue: remote.Queue{AckWait: time.Second}}, "need --serve or --nats"},
		{Options{NATS: "nats://x:4222", TLSCert: "c.pem"}, "not --nats"},
		{Options{Serve: "127.0.0.1:4222", Creds: "w.creds"}, "--creds signs in to an external server"},
		{Options{Serve: "0.0.0.0:4222"}, "without TLS"},
		{Options{Serve: "192.168.1.5:4222"}, "--insecure"},
		{Options{Serve: "127.0.0.1:4222", Queue: remote.Queue{AckWait: time.Millisecond}}, "--ack-wait"},
		{Options{Serve: "127.0.0.1:4222", BatchPairs: -1}, "--batch-pairs"},
	} {
		err := c.o.Check()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.o, err, c.want)
		}
	}
	for _, o := range []Options{{}, {Serve: "127.0.0.1:4222"}, {Serve: "0.0.0.0:4222", Insecure: true},
		{Serve: "0.0.0.0:4222", TLSCert: "c", TLSKey: "k"}, {NATS: "nats://x:4222", Creds: "a.creds"}} {
		if err := o.Check(); err != nil {
			t.Errorf("%+v: %v", o, err)
		}
	}
}

func TestRunTokenNamesStoreAndRun(t *testing.T) {
	a, b, c := RunToken("a.db", 1), RunToken("b.db", 1), RunToken("a.db", 2)
	if a == b || a == c || a != RunToken("a.db", 1) {
		t.Errorf("tokens %s %s %s: want one per store and run, stable", a, b, c)
	}
	if !strings.HasPrefix(c, "run2-") {
		t.Errorf("token %s does not name the run", c)
	}
}

func TestCredsCommands(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "lab.db")
	out := filepath.Join(dir, "w1.creds")
	var buf bytes.Buffer
	if err := AddWorker(&buf, db, "w1", out); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(out)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("credential file %v, %v: want mode 0600", st, err)
	}
	var se *session.Error
	if err := AddWorker(&buf, db, "w1", filepath.Join(dir, "again.creds")); !errors.As(err, &se) || !se.Usage ||
		!strings.Contains(err.Error(), "already registered") {
		t.Errorf("second add-worker w1: %v", err)
	}
	if err := AddWorker(&buf, db, "bad name", filepath.Join(dir, "x.creds")); err == nil {
		t.Error("a worker name with a space was accepted")
	}
	buf.Reset()
	if err := ListCreds(&buf, db); err != nil || !strings.Contains(buf.String(), "w1") {
		t.Errorf("list: %v\n%s", err, buf.String())
	}
	if err := RemoveWorker(&buf, db, "w1"); err != nil {
		t.Fatal(err)
	}
	if err := RemoveWorker(&buf, db, "w1"); err == nil || !strings.Contains(err.Error(), "no worker") {
		t.Errorf("removing twice: %v", err)
	}
}

func TestWorkersWithoutServer(t *testing.T) {
	db := filepath.Join(t.TempDir(), "lab.db")
	err := Workers(context.Background(), &bytes.Buffer{}, db, "", "", "")
	if err == nil || !strings.Contains(err.Error(), "has not served workers") {
		t.Errorf("got %v", err)
	}
}

func TestWorkerBadFlags(t *testing.T) {
	var buf bytes.Buffer
	ctx := context.Background()
	for _, c := range []struct {
		o    WorkerOptions
		want string
	}{
		{WorkerOptions{Engines: []string{"labrat"}}, "want NAME=PATH"},
		{WorkerOptions{Engines: []string{"labrat=/no/such/file"}}, "no such file"},
		{WorkerOptions{Affinity: "x"}, "--affinity"},
		{WorkerOptions{Affinity: "off", Concurrency: -1}, "--concurrency"},
		{WorkerOptions{Affinity: "off", Server: "nats://127.0.0.1:1", Name: "w"}, "cannot reach"},
	} {
		err := Worker(ctx, &buf, c.o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.o, err, c.want)
		}
	}
}

func TestArgsRoundTrip(t *testing.T) {
	o := Options{Serve: "0.0.0.0:4222", TLSCert: "c.pem", TLSKey: "k pem", BatchPairs: 3,
		Queue: remote.Queue{AckWait: 90 * time.Second, MaxDeliver: 7}}
	fl := pflag.NewFlagSet("run", pflag.ContinueOnError)
	var got Options
	AddFlags(fl, &got)
	if err := fl.Parse(o.Args()); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, o) {
		t.Errorf("flags %v parse back to %+v, want %+v", o.Args(), got, o)
	}
	o = Options{NATS: "nats://x:4222", Creds: "a.creds", CA: "ca.pem"}
	got = Options{}
	fl = pflag.NewFlagSet("run", pflag.ContinueOnError)
	AddFlags(fl, &got)
	if err := fl.Parse(o.Args()); err != nil || !reflect.DeepEqual(got, o) {
		t.Errorf("flags %v parse back to %+v (%v)", o.Args(), got, err)
	}
}
