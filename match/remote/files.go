package remote

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Engine binaries travel through the object store, named by their
// SHA-256: a worker runs a program only after it has checked that the
// file's digest is the one the batch names. Every machine must share the
// coordinator's OS and architecture (the binaries are run as they are).

// objectName is a binary's name in the object store.
func objectName(digest string) string { return "sha256-" + digest }

// fileDigest is the SHA-256 of a file, in hex.
func fileDigest(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// binaries publishes the programs of a coordinator's engines, once per
// file version.
type binaries struct {
	mu   sync.Mutex
	seen map[string]string // path|size|mtime → digest (published)
}

// publish resolves cmd as the coordinator would start it, stores the file
// in the object store unless it is there already, and returns its digest.
func (b *binaries) publish(ctx context.Context, js jetstream.JetStream, cmd string) (string, error) {
	path, err := exec.LookPath(cmd)
	if err != nil {
		return "", fmt.Errorf("engine program %q: %v", cmd, err)
	}
	if path, err = filepath.Abs(path); err != nil {
		return "", err
	}
	st, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	key := fmt.Sprintf("%s|%d|%d", path, st.Size(), st.ModTime().UnixNano())
	b.mu.Lock()
	defer b.mu.Unlock()
	if d, ok := b.seen[key]; ok {
		return d, nil
	}
	digest, err := fileDigest(path)
	if err != nil {
		return "", err
	}
	c, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	obs, err := js.ObjectStore(c, FilesBucket)
	if err != nil {
		return "", callErr(c, "object store", err)
	}
	if _, err := obs.GetInfo(c, objectName(digest)); errors.Is(err, jetstream.ErrObjectNotFound) {
		f, err := os.Open(path)
		if err != nil {
			return "", err
		}
		_, err = obs.Put(c, jetstream.ObjectMeta{Name: objectName(digest), Description: filepath.Base(path)}, f)
		f.Close()
		if err != nil {
			return "", fmt.Errorf("publishing %s: %w", path, err)
		}
	} else if err != nil {
		return "", fmt.Errorf("object store: %w", err)
	}
	if b.seen == nil {
		b.seen = map[string]string{}
	}
	b.seen[key] = digest
	return digest, nil
}

// DigestError is a program whose digest is not the one a batch names.
type DigestError struct {
	Engine, Path, Want, Got string
}

func (e *DigestError) Error() string {
	return fmt.Sprintf("engine %q: %s has SHA-256 %s, the run needs %s: refusing to run it", e.Engine, e.Path, e.Got, e.Want)
}

// cache holds a worker's verified binaries by digest.
type cache struct {
	dir    string
	local  map[string]string // engine name → a binary of the worker's own
	mu     sync.Mutex
	verify map[string]string // digest → verified path
}

// path returns a program with the given digest for engine name: the
// worker's own mapped binary if its digest matches (a mismatch is an
// error, not a download: the worker said which file to run), else the
// cached or downloaded copy, verified.
func (c *cache) path(ctx context.Context, js jetstream.JetStream, engine, digest string) (string, error) {
	if len(digest) != 64 || strings.Trim(digest, "0123456789abcdef") != "" {
		return "", fmt.Errorf("engine %q: %q is not a SHA-256 digest", engine, digest)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if p, ok := c.verify[digest]; ok {
		return p, nil
	}
	if p, ok := c.local[engine]; ok {
		got, err := fileDigest(p)
		if err != nil {
			return "", fmt.Errorf("engine %q: %v", engine, err)
		}
		if got != digest {
			return "", &DigestError{Engine: engine, Path: p, Want: digest, Got: got}
		}
		c.remember(digest, p)
		return p, nil
	}
	p := filepath.Join(c.dir, objectName(digest))
	if got, err := fileDigest(p); err == nil && got == digest {
		c.remember(digest, p)
		return p, nil
	}
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return "", err
	}
	dl, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	obs, err := js.ObjectStore(dl, FilesBucket)
	if err != nil {
		return "", callErr(dl, "object store", err)
	}
	r, err := obs.Get(dl, objectName(digest))
	if err != nil {
		return "", fmt.Errorf("engine %q: fetching %s: %w", engine, objectName(digest), err)
	}
	defer r.Close()
	tmp, err := os.CreateTemp(c.dir, ".download-*")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	h := sha256.New()
	_, err = io.Copy(io.MultiWriter(tmp, h), r)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("engine %q: fetching %s: %w", engine, objectName(digest), err)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != digest {
		return "", &DigestError{Engine: engine, Path: "the download", Want: digest, Got: got}
	}
	if err := os.Chmod(tmp.Name(), 0o755); err != nil {
		return "", err
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		return "", err
	}
	c.remember(digest, p)
	return p, nil
}

func (c *cache) remember(digest, path string) {
	if c.verify == nil {
		c.verify = map[string]string{}
	}
	c.verify[digest] = path
}
