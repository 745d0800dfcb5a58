package main

import (
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/cmd/elolab/internal/remoterun"
	"github.com/elolab/elolab/cmd/elolab/internal/webrun"
)

// tune resolves --affinity into the flags it plays with (a copy used to
// lose them: tune never pinned its engines).
func TestTuneKeepsAffinity(t *testing.T) {
	f := tuneFlags{runFlags: runFlags{format: "text", progress: "auto", affinity: "0", stall: time.Minute}}
	if _, err := checkTuneFlags(&f); err != nil {
		t.Fatal(err)
	}
	if len(f.cpus) != 1 || f.cpus[0] != 0 {
		t.Fatalf("--affinity 0 resolved to %v", f.cpus)
	}
}

func TestServingFlagsChecked(t *testing.T) {
	for _, c := range []struct {
		f    runFlags
		want string
	}{
		{runFlags{remote: remoterun.Options{Serve: "0.0.0.0:4222"}}, "without TLS"},
		{runFlags{web: webrun.Options{Addr: "0.0.0.0:8080"}}, "--http-token"},
		{runFlags{web: webrun.Options{Token: "x"}}, "--http-token needs --http"},
	} {
		c.f.format, c.f.progress, c.f.affinity, c.f.stall = "text", "auto", "off", time.Minute
		_, err := c.f.check("run")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.f, err, c.want)
		}
	}
}

// Each execution builds its commands afresh: a flag given once does not
// stick to the next command line of the same process (tests, embedders).
func TestCommandsHaveFreshFlags(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	var out, errb strings.Builder
	if code := execute([]string{"creds", "add-worker", "w1", "--db", "other.db", "-o", "w1.creds"}, &out, &errb); code != 0 {
		t.Fatalf("add-worker: exit %d: %s", code, errb.String())
	}
	out.Reset()
	if code := execute([]string{"creds", "list"}, &out, &errb); code != 0 {
		t.Fatalf("list: exit %d: %s", code, errb.String())
	}
	if strings.Contains(out.String(), "w1") {
		t.Fatalf("creds list of ./elolab.db lists other.db's worker (the --db of the previous command line stuck):\n%s", out.String())
	}
}
