package store

import (
	"context"
	"database/sql"
	"fmt"
)

// VersionWatch tells cheaply whether the store changed: it holds one
// connection of its own and reads SQLite's PRAGMA data_version on it,
// which changes whenever another connection (of this process or of
// another one writing the same WAL file) commits. The value is only
// comparable on the same connection, hence the held connection: the
// store's pool would answer from any of its connections. The live page
// polls it to turn another process's writes into events.
type VersionWatch struct {
	conn *sql.Conn
	path string
}

// WatchVersion takes a connection for a VersionWatch; Close gives it back.
func (s *Store) WatchVersion(ctx context.Context) (*VersionWatch, error) {
	c, err := s.db.Conn(ctx)
	if err != nil {
		return nil, s.wrapOpenErr(err)
	}
	return &VersionWatch{conn: c, path: s.path}, nil
}

// Version is the connection's data_version: equal values mean that no
// other connection committed in between.
func (w *VersionWatch) Version(ctx context.Context) (int64, error) {
	var v int64
	if err := w.conn.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&v); err != nil {
		return 0, fmt.Errorf("store: %s: data_version: %w", w.path, err)
	}
	return v, nil
}

// Close returns the connection to the store's pool.
func (w *VersionWatch) Close() error { return w.conn.Close() }
