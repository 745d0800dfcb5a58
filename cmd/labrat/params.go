package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/elolab/elolab/engine/params"
	"github.com/spf13/cobra"
)

func paramsCmd(paramsFile *string) *cobra.Command {
	var format, group string
	var changed bool
	var rEnd float64
	cmd := &cobra.Command{
		Use:   "params",
		Short: "print labrat's parameters as YAML or as fishtest/OpenBench SPSA input",
		Long: "params prints every parameter of labrat (name, value, range, doc) as YAML, the format\n" +
			"of --params files and of experiment overrides, or the integer parameters as SPSA input\n" +
			"lines: fishtest 'name,value,min,max,c_end,r_end' or OpenBench 'name, int, value, min, max, c_end, r_end'.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := loadParams(*paramsFile)
			if err != nil {
				return err
			}
			var defs []*params.Def
			for _, d := range params.All() {
				if group != "" && d.Group != group && !strings.HasPrefix(d.Name, group+".") {
					continue
				}
				defs = append(defs, d)
			}
			if len(defs) == 0 {
				return fmt.Errorf("params: no parameter matches --group %q", group)
			}
			if changed {
				kept := defs[:0]
				for _, d := range defs {
					if p.Get(d) != d.Default {
						kept = append(kept, d)
					}
				}
				defs = kept
			}
			switch format {
			case "yaml":
				if group == "" && !changed {
					return p.WriteYAML(os.Stdout, true)
				}
				if len(defs) == 0 {
					fmt.Println("{}")
				}
				for _, d := range defs {
					fmt.Printf("%s: %s\n", d.Name, p.Format(d))
				}
				return nil
			case "fishtest":
				return p.WriteFishtest(os.Stdout, defs, rEnd)
			case "openbench":
				return p.WriteOpenBench(os.Stdout, defs, rEnd)
			}
			return fmt.Errorf("params: --format must be yaml, fishtest or openbench, got %q", format)
		},
	}
	cmd.Flags().StringVar(&format, "format", "yaml", "yaml, fishtest or openbench")
	cmd.Flags().StringVar(&group, "group", "", "only parameters of this group (search, eval, time) or name prefix (futility)")
	cmd.Flags().BoolVar(&changed, "changed", false, "only parameters that differ from the defaults")
	cmd.Flags().Float64Var(&rEnd, "r-end", 0.002, "SPSA r_end written in fishtest/openbench lines")
	return cmd
}
