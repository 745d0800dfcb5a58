// Package remote is the match runner's second executor: batches of game
// pairs (match/work) played by workers on other machines through NATS
// JetStream. It owns the protocol — streams, subjects, messages and their
// versions —, the embedded NATS server with one credential per worker,
// the coordinator side ([Coordinator], a work.Executor) and the worker
// side ([Worker], which plays what it pulls with the same work.Local pair
// pool as a local run).
//
// JetStream delivers at least once. Nothing here pretends otherwise: a
// batch is redelivered when its worker dies, a pair may be published
// twice, and the coordinator hands a pair to the run at most once per
// Play while the results store, keyed by (run, pair, game), makes a
// duplicate that crosses a coordinator restart change nothing.
//
// The layout on the server:
//
//	stream ELOLAB_WORK     work queue, subjects elolab.work.<run>.<play>: batches (Job)
//	  consumer workers     durable pull consumer shared by every worker
//	stream ELOLAB_RESULTS  subjects elolab.result.<run>.<play>: finished pairs and failures (Result)
//	kv elolab_workers      worker heartbeats, key = worker name, entries expire (TTL)
//	kv elolab_plays        key <run>.<play>: the play is live (refreshed by the coordinator,
//	                       expires when it dies); workers abandon batches of plays not live
//	kv elolab_info         key version: the coordinator's elolab version
//	objects elolab_files   engine binaries, named by their SHA-256
package remote

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/elolab/elolab/match/work"
)

// Protocol is the version of the messages below. Workers and coordinators
// of different elolab versions refuse each other (Job.Version carries the
// whole version string, which is what users can compare).
const Protocol = 1

// Names of the streams, consumers, buckets and subjects.
const (
	WorkStream     = "ELOLAB_WORK"
	WorkConsumer   = "workers"
	ResultStream   = "ELOLAB_RESULTS"
	WorkersBucket  = "elolab_workers"
	PlaysBucket    = "elolab_plays"
	InfoBucket     = "elolab_info"
	FilesBucket    = "elolab_files"
	workPrefix     = "elolab.work."
	resultPrefix   = "elolab.result."
	versionKey     = "version"
	inboxPrefix    = "_INBOX_"
	defaultAckWait = 60 * time.Second
)

// WorkSubject is the subject of a play's batches.
func WorkSubject(run, play string) string { return workPrefix + run + "." + play }

// ResultSubject is the subject of a play's results.
func ResultSubject(run, play string) string { return resultPrefix + run + "." + play }

// playKey is a play's key in the plays bucket.
func playKey(run, play string) string { return run + "." + play }

// Job is one batch on the work stream.
type Job struct {
	Protocol int    `json:"protocol"`
	Version  string `json:"version"` // the coordinator's elolab version
	Run      string `json:"run"`
	Play     string `json:"play"`
	// ID names the batch in its play (its first pair slot): results and
	// logs name it.
	ID    int        `json:"id"`
	Batch work.Batch `json:"batch"`
	// Binaries holds, per engine of the batch, the SHA-256 (hex) of the
	// program it starts: workers run only a file with that digest.
	Binaries []string `json:"binaries"`
}

// Result is what a worker publishes: one finished pair, or the reason it
// could not play the batch (Err, no Pair).
type Result struct {
	Protocol int    `json:"protocol"`
	Version  string `json:"version"`
	Run      string `json:"run"`
	Play     string `json:"play"`
	Job      int    `json:"job"`
	Worker   string `json:"worker"`
	// Spec is the digest of the pair as the worker received it (engines
	// and pair): the coordinator takes a result only for the pair it
	// planned, not for an older plan of the same slot.
	Spec string           `json:"spec"`
	Pair *work.PairResult `json:"pair,omitempty"`
	Err  string           `json:"err,omitempty"`
}

// Heartbeat is a worker's entry in the workers bucket.
type Heartbeat struct {
	Name        string    `json:"name"`
	Host        string    `json:"host"`
	Cores       int       `json:"cores"`
	Concurrency int       `json:"concurrency"`
	Version     string    `json:"version"`
	Run         string    `json:"run,omitempty"`
	Job         int       `json:"job,omitempty"`
	Games       int       `json:"games"`         // games played since the worker started
	Pairs       int       `json:"pairs"`         // pairs published
	PerMinute   float64   `json:"games_per_min"` // over the last minutes
	Started     time.Time `json:"started"`
	Seen        time.Time `json:"seen"`
}

// PairSpec is the digest that ties a result to the pair it was played
// for: the batch's engines and game config, and the pair.
func PairSpec(b *work.Batch, p int) string {
	h := sha256.New()
	enc := json.NewEncoder(h)
	// Encoding plain values cannot fail.
	_ = enc.Encode(b.Engines)
	_ = enc.Encode(b.Game)
	_ = enc.Encode(b.Pairs[p])
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// VersionError is a coordinator and a worker of different versions.
type VersionError struct{ Coordinator, Worker string }

func (e *VersionError) Error() string {
	return fmt.Sprintf("version mismatch: the coordinator runs elolab %s, this worker elolab %s (run the same elolab on every machine)",
		e.Coordinator, e.Worker)
}

// checkVersion compares a message's version with ours.
func checkVersion(protocol int, theirs, ours string) error {
	if protocol != Protocol || theirs != ours {
		return &VersionError{Coordinator: theirs, Worker: ours}
	}
	return nil
}

// token checks that s can be one token of a subject: letters, digits,
// '-' only (run and play names, worker names).
func token(what, s string) error {
	if s == "" {
		return fmt.Errorf("%s is empty", what)
	}
	if len(s) > 64 {
		return fmt.Errorf("%s %q is longer than 64 characters", what, s)
	}
	if strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-')
	}) >= 0 {
		return fmt.Errorf("%s %q may hold only letters, digits and '-'", what, s)
	}
	return nil
}
