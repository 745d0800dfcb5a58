package search

import (
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// BenchPositions are searched by Bench: every tenth position of the WAC
// suite (tactical middle games), the perft reference positions and a few
// endgames, so every part of the search is exercised.
var BenchPositions = []string{
	"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
	"r1b1kb1r/3q1ppp/pBp1pn2/8/Np3P2/5B2/PPP3PP/R2Q1RK1 w kq - 0 1",
	"5rk1/1b3p1p/pp3p2/3n1N2/1P6/P1qB1PP1/3Q3P/4R1K1 w - - 0 1",
	"rb3qk1/pQ3ppp/4p3/3P4/8/1P3N2/1P3PPP/3R2K1 w - - 0 1",
	"1k6/5RP1/1P6/1K6/6r1/8/8/8 w - - 0 1",
	"r1bq1r2/pp4k1/4p2p/3pPp1Q/3N1R1P/2PB4/6P1/6K1 w - - 0 1",
	"3qrbk1/ppp1r2n/3pP2p/3P4/2P4P/1P3Q2/PB6/R4R1K w - - 0 1",
	"2kr3r/pp1q1ppp/5n2/1Nb5/2Pp1B2/7Q/P4PPP/1R3RK1 w - - 0 1",
	"r4rk1/1bR1bppp/4pn2/1p2N3/1P6/P3P3/4BPPP/3R2K1 b - - 0 1",
	"2qr2k1/4b1p1/2p2p1p/1pP1p3/p2nP3/PbQNB1PP/1P3PK1/4RB2 b - - 0 1",
	"5rk1/p5pp/8/8/2Pbp3/1P4P1/7P/4RN1K b - - 0 1",
	"6k1/p5p1/5p2/2P2Q2/3pN2p/3PbK1P/7P/6q1 b - - 0 1",
	"6k1/5p1p/2bP2pb/4p3/2P5/1p1pNPPP/1P1Q1BK1/1q6 b - - 0 1",
	"2rq1bk1/p4p1p/1p4p1/3b4/3B1Q2/8/P4PpP/3RR1K1 w - - 0 1",
	"4r1k1/p1qr1p2/2pb1Bp1/1p5p/3P1n1R/1B3P2/PP3PK1/2Q4R w - - 0 1",
	"8/3b2kp/4p1p1/pr1n4/N1N4P/1P4P1/1K3P2/3R4 w - - 0 1",
	"3r3k/3r1P1p/pp1Nn3/2pp4/7Q/6R1/Pq4PP/5RK1 w - - 0 1",
	"2rq4/1b2b1kp/p3p1p1/1p1nNp2/7P/1B2B1Q1/PP3PP1/3R2K1 w - - 0 1",
	"r3k2r/2p2p2/p2p1n2/1p2p3/4P2p/1PPPPp1q/1P5P/R1N2QRK b kq - 0 1",
	"2r1Rn1k/1p1q2pp/p7/5p2/3P4/1B4P1/P1P1QP1P/6K1 w - - 0 1",
	"2b2r1k/4q2p/3p2pQ/2pBp3/8/6P1/1PP2P1P/R5K1 w - - 0 1",
	"r1bqrk2/pp1n1n1p/3p1p2/P1pP1P1Q/2PpP1NP/6R1/2PB4/4RBK1 w - - 0 1",
	"r3k3/P5bp/2N1bp2/4p3/2p5/6NP/1PP2PP1/3R2K1 w q - 0 1",
	"r4rk1/1b1nqp1p/p5p1/1p2PQ2/2p5/5N2/PP3PPP/R1BR2K1 w - - 0 1",
	"2rq1rk1/pp3ppp/2n2b2/4NR2/3P4/PB5Q/1P4PP/3R2K1 w - - 0 1",
	"k7/p4p2/P1q1b1p1/3p3p/3Q4/7P/5PP1/1R4K1 w - - 0 1",
	"r5k1/1bp3pp/p2p4/1p6/5p2/1PBP1nqP/1PP3Q1/R4R1K b - - 0 1",
	"2kr4/ppp3Pp/4RP1B/2r5/5P2/1P6/P2p4/3K4 w - - 0 1",
	"2R5/2R4p/5p1k/6n1/8/1P2QPPq/r7/6K1 w - - 0 1",
	"5r1k/3b2p1/p6p/1pRpR3/1P1P2q1/P4pP1/5QnP/1B4K1 w - - 0 1",
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
	"8/8/1P6/5pr1/8/4R3/7k/2K5 w - - 0 1",
	"6k1/6p1/8/6KQ/1r6/q2b4/8/8 w - - 0 1",
	"5k2/7R/4P2p/5K2/p1r2P1p/8/8/8 b - - 0 1",
	"8/8/3P3k/8/1p6/8/1P6/1K3n2 b - - 0 1",
	"8/R7/2q5/8/6k1/8/1P5p/K6R w - - 0 1",
	"8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1",
	"7k/3p2pp/4q3/8/4Q3/5Kp1/P6b/8 w - - 0 1",
}

// BenchDepth is the fixed depth of `labrat bench`.
const BenchDepth = 9

// BenchResult is the signature (total nodes) and speed of a bench run.
type BenchResult struct {
	Nodes   uint64
	Elapsed time.Duration
}

// NPS is nodes per second.
func (r BenchResult) NPS() uint64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return uint64(float64(r.Nodes) / r.Elapsed.Seconds())
}

// Bench searches every bench position to depth from a cleared state with
// parameters p (nil: defaults). The node count depends only on the search
// code and the parameters, never on the clock.
func Bench(depth int, hashMB int, p *params.Values, perPosition func(fen string, nodes uint64)) (BenchResult, error) {
	s := New(hashMB, p)
	var res BenchResult
	for _, fen := range BenchPositions {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			return res, err
		}
		s.Clear() // not timed: clearing the table is set-up, not search
		start := time.Now()
		s.Search(pos, Limits{Depth: depth}, nil)
		res.Elapsed += time.Since(start)
		res.Nodes += s.Nodes()
		if perPosition != nil {
			perPosition(fen, s.Nodes())
		}
	}
	return res, nil
}
