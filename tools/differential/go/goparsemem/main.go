// Command goparsemem parses files with HCL's own parsers (hclsyntax.ParseConfig,
// or json.Parse with -json) and prints, as one JSON object, what that costs:
// the input's size, the least CPU time of -runs passes over all the files
// (getrusage), and the memory of the first pass from runtime.MemStats: the
// bytes allocated (TotalAlloc), the growth of the heap obtained from the
// system (HeapSys, an upper bound of the heap's peak), what the parsed files
// keep after a collection (HeapAlloc), and the growth of the process's peak RSS. The files
// are read before anything is measured. benchmarks/bench.py prints these
// figures beside hcldecode's.
//
//	GOPATH=/usr/share/gocode GO111MODULE=off go build -o /tmp/goparsemem ./tools/differential/go/goparsemem
//	/tmp/goparsemem [-json] [-runs N] FILE...
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
)

func cpu() time.Duration {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		panic(err)
	}
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
}

// status is a field of /proc/self/status in bytes (Linux), or 0. VmHWM is the peak
// RSS of this program alone (getrusage's would start from the parent's).
func status(key string) int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, key+":") {
			kb, _ := strconv.ParseInt(strings.Fields(line[len(key)+1:])[0], 10, 64)
			return kb * 1024
		}
	}
	return 0
}

func main() {
	useJSON := flag.Bool("json", false, "parse JSON syntax (json.Parse) instead of native syntax")
	runs := flag.Int("runs", 5, "passes over the files; the least CPU time is printed")
	flag.Parse()
	var sources [][]byte
	size := 0
	for _, name := range flag.Args() {
		src, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		sources = append(sources, src)
		size += len(src)
	}
	parse := func() []*hcl.File {
		files := make([]*hcl.File, len(sources))
		for i, src := range sources {
			name := flag.Arg(i)
			if *useJSON {
				files[i], _ = hcljson.Parse(src, name)
			} else {
				files[i], _ = hclsyntax.ParseConfig(src, name, hcl.InitialPos)
			}
		}
		return files
	}

	var before, after, kept runtime.MemStats
	runtime.GC()
	// Reset the peak RSS where Linux allows it.
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
	rssBefore := status("VmRSS")
	runtime.ReadMemStats(&before)
	start := cpu()
	files := parse()
	best := cpu() - start
	runtime.ReadMemStats(&after)
	rssPeak := status("VmHWM")
	runtime.GC()
	runtime.ReadMemStats(&kept)
	runtime.KeepAlive(files)
	files = nil
	for i := 1; i < *runs; i++ {
		runtime.GC()
		start := cpu()
		parse()
		if took := cpu() - start; took < best {
			best = took
		}
	}

	out, _ := json.Marshal(map[string]interface{}{
		"bytes":        size,
		"cpu_seconds":  best.Seconds(),
		"total_alloc":  after.TotalAlloc - before.TotalAlloc,
		"heap_sys":     int64(after.HeapSys) - int64(before.HeapSys),
		"retained":     int64(kept.HeapAlloc) - int64(before.HeapAlloc),
		"max_rss":      rssPeak,
		"max_rss_gain": rssPeak - rssBefore,
	})
	fmt.Println(string(out))
}
