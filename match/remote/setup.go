package remote

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Queue settings, chosen by the coordinator when it creates the streams.
type Queue struct {
	// AckWait is how long a batch may go without an ack or a progress ack
	// before it is delivered to another worker (60 s; workers send
	// progress acks every AckWait/4 while they play).
	AckWait time.Duration
	// MaxDeliver is how many times a batch is delivered before the run
	// fails with the last reason a worker gave (5).
	MaxDeliver int
	// HeartbeatTTL is how long a worker's heartbeat lives (20 s); workers
	// refresh it every TTL/4.
	HeartbeatTTL time.Duration
}

func (q *Queue) defaults() {
	if q.AckWait <= 0 {
		q.AckWait = defaultAckWait
	}
	if q.MaxDeliver <= 0 {
		q.MaxDeliver = 5
	}
	if q.HeartbeatTTL <= 0 {
		q.HeartbeatTTL = 20 * time.Second
	}
}

// playTTL is how long a play stays live without the coordinator's
// refresh (every playTTL/6): a dead coordinator's batches are abandoned
// by the workers within this time.
const playTTL = 30 * time.Second

// setup creates (or updates) the streams, the consumer and the buckets,
// and records the coordinator's version.
func setup(ctx context.Context, js jetstream.JetStream, q Queue, version string) error {
	q.defaults()
	c, cancel := bounded(ctx, js)
	defer cancel()
	work, err := js.CreateOrUpdateStream(c, jetstream.StreamConfig{
		Name: WorkStream, Subjects: []string{workPrefix + ">"}, Retention: jetstream.WorkQueuePolicy,
		Storage: jetstream.FileStorage, Duplicates: 2 * time.Minute, MaxMsgSize: 8 << 20,
	})
	if err != nil {
		return callErr(c, "creating stream "+WorkStream, err)
	}
	if _, err := work.CreateOrUpdateConsumer(c, jetstream.ConsumerConfig{
		Durable: WorkConsumer, AckPolicy: jetstream.AckExplicitPolicy, AckWait: q.AckWait,
		MaxDeliver: q.MaxDeliver, FilterSubject: workPrefix + ">", MaxAckPending: -1,
	}); err != nil {
		return callErr(c, "creating consumer "+WorkConsumer, err)
	}
	if _, err := js.CreateOrUpdateStream(c, jetstream.StreamConfig{
		Name: ResultStream, Subjects: []string{resultPrefix + ">"}, Retention: jetstream.LimitsPolicy,
		Storage: jetstream.FileStorage, Duplicates: 2 * time.Minute, MaxAge: 7 * 24 * time.Hour, MaxMsgSize: 8 << 20,
	}); err != nil {
		return callErr(c, "creating stream "+ResultStream, err)
	}
	for _, kv := range []jetstream.KeyValueConfig{
		{Bucket: WorkersBucket, TTL: q.HeartbeatTTL, History: 1},
		{Bucket: PlaysBucket, TTL: playTTL, History: 1},
		{Bucket: InfoBucket, History: 1},
	} {
		if _, err := js.CreateOrUpdateKeyValue(c, kv); err != nil {
			return callErr(c, "creating bucket "+kv.Bucket, err)
		}
	}
	if _, err := js.CreateOrUpdateObjectStore(c, jetstream.ObjectStoreConfig{Bucket: FilesBucket}); err != nil {
		return callErr(c, "creating object store "+FilesBucket, err)
	}
	info, err := js.KeyValue(c, InfoBucket)
	if err != nil {
		return callErr(c, "bucket "+InfoBucket, err)
	}
	if _, err := info.PutString(c, versionKey, version); err != nil {
		return callErr(c, "recording the version", err)
	}
	return nil
}

// ServerVersion reads the version the coordinator recorded: a worker
// compares it with its own before it takes a batch.
func ServerVersion(ctx context.Context, js jetstream.JetStream) (string, error) {
	c, cancel := bounded(ctx, js)
	defer cancel()
	kv, err := js.KeyValue(c, InfoBucket)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		return "", errors.New("no coordinator has served on this server yet (no elolab_info bucket)")
	}
	if err != nil {
		return "", callErr(c, "reading the coordinator's version", err)
	}
	e, err := kv.Get(c, versionKey)
	if err != nil {
		return "", fmt.Errorf("reading the coordinator's version: %w", err)
	}
	return string(e.Value()), nil
}
