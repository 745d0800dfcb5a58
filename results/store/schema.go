package store

// migrations are applied in order; migrations[i] brings the schema to
// version i+1. Never edit a released migration: append a new one.
var migrations = []string{
	// 1: runs, engines, pairs, games, checkpoints.
	`
CREATE TABLE runs (
	id            INTEGER PRIMARY KEY,
	name          TEXT    NOT NULL CHECK (name <> ''),
	kind          TEXT    NOT NULL CHECK (kind <> ''),
	config        TEXT    NOT NULL,
	config_hash   TEXT    NOT NULL,
	state         TEXT    NOT NULL CHECK (state IN ('running', 'finished', 'interrupted', 'failed')),
	created_at    TEXT    NOT NULL,
	updated_at    TEXT    NOT NULL,
	planned_pairs INTEGER NOT NULL DEFAULT 0 CHECK (planned_pairs >= 0),
	seed          INTEGER NOT NULL DEFAULT 0,
	book          TEXT    NOT NULL DEFAULT '',
	sprt_model    TEXT,
	sprt_elo0     REAL,
	sprt_elo1     REAL,
	sprt_alpha    REAL,
	sprt_beta     REAL
);
CREATE INDEX runs_name_hash ON runs (name, config_hash);

CREATE TABLE engines (
	run_id   INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
	position INTEGER NOT NULL,
	name     TEXT    NOT NULL CHECK (name <> ''),
	config   TEXT    NOT NULL,
	PRIMARY KEY (run_id, name),
	UNIQUE (run_id, position)
);

CREATE TABLE pairs (
	run_id        INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
	pair_index    INTEGER NOT NULL CHECK (pair_index >= 0),
	first         TEXT    NOT NULL,
	second        TEXT    NOT NULL,
	opening_index INTEGER NOT NULL DEFAULT -1,
	opening_fen   TEXT    NOT NULL DEFAULT '',
	opening       TEXT    NOT NULL DEFAULT '',
	state         TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'partial', 'complete')),
	PRIMARY KEY (run_id, pair_index),
	FOREIGN KEY (run_id, first) REFERENCES engines (run_id, name),
	FOREIGN KEY (run_id, second) REFERENCES engines (run_id, name),
	CHECK (first <> second)
);

CREATE TABLE games (
	run_id          INTEGER NOT NULL,
	pair_index      INTEGER NOT NULL,
	game_index      INTEGER NOT NULL CHECK (game_index IN (0, 1)),
	white           TEXT    NOT NULL,
	black           TEXT    NOT NULL,
	result          TEXT    NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
	termination     TEXT    NOT NULL DEFAULT '',
	pgn             TEXT    NOT NULL DEFAULT '',
	opening         TEXT    NOT NULL DEFAULT '',
	plies           INTEGER NOT NULL DEFAULT 0,
	started_at      TEXT    NOT NULL DEFAULT '',
	ended_at        TEXT    NOT NULL DEFAULT '',
	duration_ms     INTEGER NOT NULL DEFAULT 0,
	white_time_loss INTEGER NOT NULL DEFAULT 0,
	white_crash     INTEGER NOT NULL DEFAULT 0,
	white_stall     INTEGER NOT NULL DEFAULT 0,
	black_time_loss INTEGER NOT NULL DEFAULT 0,
	black_crash     INTEGER NOT NULL DEFAULT 0,
	black_stall     INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (run_id, pair_index, game_index),
	FOREIGN KEY (run_id, pair_index) REFERENCES pairs (run_id, pair_index) ON DELETE CASCADE
);

CREATE TABLE checkpoints (
	run_id     INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
	kind       TEXT    NOT NULL CHECK (kind <> ''),
	iteration  INTEGER NOT NULL,
	state      TEXT    NOT NULL CHECK (json_valid(state)),
	created_at TEXT    NOT NULL,
	PRIMARY KEY (run_id, kind, iteration)
);
`,
	// 2: owners, the leases by which one process at a time plays a run
	// (owner.go). A row is not data: it only lives while its process does.
	`
CREATE TABLE owners (
	key       TEXT    PRIMARY KEY,
	host      TEXT    NOT NULL,
	machine   TEXT    NOT NULL DEFAULT '',
	pid       INTEGER NOT NULL,
	pid_start TEXT    NOT NULL DEFAULT '',
	token     TEXT    NOT NULL,
	command   TEXT    NOT NULL DEFAULT '',
	since     TEXT    NOT NULL,
	heartbeat TEXT    NOT NULL
);
`,
	// 3: which machine played a game (match/remote's worker name, '' for
	// this process) and whether it finished after the SPRT verdict: such a
	// game is kept but left out of every count (commit.go).
	`
ALTER TABLE games ADD COLUMN worker TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN after_verdict INTEGER NOT NULL DEFAULT 0 CHECK (after_verdict IN (0, 1));
`,
}

// workerSchema is the first schema version whose games have the worker
// and after_verdict columns; a read-only store of an older version reads
// them as empty names and 0.
const workerSchema = 3

// SchemaVersion is the schema version this package writes.
var SchemaVersion = len(migrations)
