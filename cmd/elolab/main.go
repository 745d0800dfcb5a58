// Command elolab is the lab's command line: statistics today (sprt, rate),
// matches and tuning as their packages arrive. Exit codes: 0 success,
// 2 usage or bad input, 1 any other failure.
package main

import "os"

func main() {
	os.Exit(execute(os.Args[1:], os.Stdout, os.Stderr))
}
