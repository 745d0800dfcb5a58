package search

import "testing"

func BenchmarkBench(b *testing.B) {
	for i := 0; i < b.N; i++ {
		r, err := Bench(BenchDepth, 16, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(r.NPS()), "nps")
		b.ReportMetric(float64(r.Nodes), "nodes")
	}
}
