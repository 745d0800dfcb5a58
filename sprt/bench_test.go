package sprt

import "testing"

// BenchmarkPairUpdate is what the match runner pays per finished pair:
// count the pair, recompute the LLR and the Elo summary.
func BenchmarkPairUpdate(b *testing.B) {
	for _, m := range []Model{Logistic, Normalized, BayesElo} {
		b.Run(m.String(), func(b *testing.B) {
			tst, err := NewTest(m, 0, 2, 0.05, 0.05)
			if err != nil {
				b.Fatal(err)
			}
			tl := Tally{}
			outcomes := [][2]Outcome{{Win, Loss}, {Draw, Draw}, {Win, Draw}, {Loss, Draw}, {Draw, Draw}, {Win, Win}, {Loss, Loss}, {Draw, Win}}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				o := outcomes[i%len(outcomes)]
				_ = tl.AddPair(o[0], o[1])
				st := tst.TallyStatus(&tl)
				s := Summarize(tl.Results())
				if st.LLR != st.LLR || s.Games == 0 {
					b.Fatal("bad result")
				}
			}
		})
	}
}
