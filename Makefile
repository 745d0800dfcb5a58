# elolab — build, test and benchmark targets. `make test` is what CI runs.
GO      ?= go
FUZZTIME ?= 8s
BIN     := bin

.PHONY: all build test fmt-check vet unit race fuzz bench bench-runner perft-long clean configs demo fitted pgo

all: build

# labrat is built for x86-64-v2 (POPCNT without a feature check: every
# x86-64 CPU since 2009); `make build GOAMD64_LABRAT=v1` for older ones. The
# profile cmd/labrat/default.pgo (profile-guided optimisation, `make pgo`)
# is picked up by go build on its own.
GOAMD64_LABRAT ?= v2
build:
	GOAMD64=$(GOAMD64_LABRAT) $(GO) build -o $(BIN)/labrat ./cmd/labrat
	$(GO) build -o $(BIN)/elolab ./cmd/elolab

test: fmt-check vet unit race fuzz

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

unit:
	$(GO) test -count=1 ./...

# Packages with concurrency run again under the race detector.
RACE_PKGS := $(shell $(GO) list ./match/... ./results/... ./tuner/... ./engine/uci/... ./engine/search/... ./cmd/elolab/internal/... 2>/dev/null)
# An empty list (a pattern that go list refused) is an error, not a skip.
race:
	@if [ -z "$(RACE_PKGS)" ]; then echo "race: no packages listed (check RACE_PKGS's patterns)"; exit 1; fi
	$(GO) test -count=1 -race $(RACE_PKGS)

# A short run of every parser fuzz target: `pkg:FuzzName` pairs.
FUZZ_TARGETS := ./engine/board:FuzzParseFEN ./cmd/elolab/internal/runnerbench:FuzzParseStat ./cmd/elolab/internal/runnerbench:FuzzParseLimit ./results/web/view:FuzzBoard ./results/web/view:FuzzReplay ./match/work:FuzzJSONRoundTrip ./match/player:FuzzEngineWrites ./engine/params:FuzzYAMLShape ./cmd/elolab:FuzzResumeCommand ./results/pgn:FuzzReadPGN ./results/clock:FuzzProfile ./cmd/elolab:FuzzParseCounts ./match/player:FuzzParseInfo ./match/player:FuzzParseOption ./match/player:FuzzParseXBoardLine ./match/player:FuzzLineReader ./match/player:FuzzStderrTail ./openings:FuzzParseEPD ./openings:FuzzParsePGN ./engine/params:FuzzLoadYAML ./engine/params:FuzzParseSPSA ./match/tc:FuzzParseTC ./match/cli:FuzzParseArgs ./configs/experiment:FuzzLoad ./tuner/texel:FuzzParseTexelLine ./tuner/texel:FuzzWithScore
fuzz:
	FUZZTIME=$(FUZZTIME) bash .ci/fuzz $(FUZZ_TARGETS)

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./...

# The runner benchmark of issue #18: elolab match beside fastchess and
# cutechess-cli (each only when its path is given) on the very same games,
# Stockfish at 1000 nodes, 100 games, 3 alternated runs (about 70 s with
# fastchess on 2 cores; Linux only). Not part of `make test`.
#   make bench-runner FASTCHESS=/path/to/fastchess [CUTECHESS=/path/to/cutechess-cli]
#   make bench-runner BENCH_RUNNER_ARGS="--limit depth=1 --runs 5"
bench-runner: build
	$(BIN)/elolab bench-runner $(if $(FASTCHESS),--fastchess $(FASTCHESS)) $(if $(CUTECHESS),--cutechess $(CUTECHESS)) $(BENCH_RUNNER_ARGS)

# Perft up to 200 M leaves per position (minutes, not part of `make test`).
perft-long:
	$(GO) test -count=1 -tags perftlong -run TestPerftLong -timeout 60m ./engine/board

clean:
	rm -rf $(BIN)

# The first thing to run after cloning: futility pruning on vs off, an SPRT at
# fixed nodes (a minute or two on 2 cores), then its report. A fresh store
# each time, so the demo always plays.
demo: build
	rm -f $(BIN)/demo.db $(BIN)/demo.db-wal $(BIN)/demo.db-shm
	$(BIN)/elolab run configs/futility-ab.yaml --db $(BIN)/demo.db --quiet --progress auto

# Regenerate the parameter file from the registry (a test keeps them in sync).
configs:
	$(GO) run ./cmd/labrat params > configs/labrat/default.yaml

# labrat's evaluation defaults from a Texel fit (elolab texel writes the
# YAML), then the parameter file that mirrors the defaults.
FITTED ?= configs/labrat/texel-fitted.yaml
fitted:
	$(GO) run ./cmd/labrat params --params $(FITTED) --group eval --format go > engine/eval/fitted.go.new
	mv engine/eval/fitted.go.new engine/eval/fitted.go
	$(MAKE) configs

# Refresh labrat's profile for profile-guided optimisation from the bench
# searches (run it after changing the search or the evaluation).
pgo:
	$(GO) test -c -o $(BIN)/search.test ./engine/search
	$(BIN)/search.test -test.run '^$$' -test.bench 'BenchmarkBench$$' -test.benchtime 3x -test.cpuprofile cmd/labrat/default.pgo
	rm -f $(BIN)/search.test
