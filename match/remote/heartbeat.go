package remote

import (
	"context"
	"encoding/json"
	"errors"
	"sort"

	"github.com/nats-io/nats.go/jetstream"
)

// Workers returns the live workers (their heartbeats have not expired),
// by name.
func Workers(ctx context.Context, js jetstream.JetStream) ([]Heartbeat, error) {
	c, cancel := bounded(ctx, js)
	defer cancel()
	kv, err := js.KeyValue(c, WorkersBucket)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, callErr(c, "workers bucket", err)
	}
	keys, err := kv.ListKeys(c)
	if err != nil {
		return nil, err
	}
	var out []Heartbeat
	for k := range keys.Keys() {
		e, err := kv.Get(c, k)
		if err != nil {
			continue // expired between the listing and the read
		}
		var h Heartbeat
		if json.Unmarshal(e.Value(), &h) == nil {
			out = append(out, h)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// ListWorkers connects like a worker would (an admin credential) and
// returns the live workers.
func ListWorkers(ctx context.Context, c ClientConfig) ([]Heartbeat, error) {
	nc, _, err := Dial(c)
	if err != nil {
		return nil, err
	}
	defer nc.Close()
	js, err := newJS(nc)
	if err != nil {
		return nil, err
	}
	return Workers(ctx, js)
}
