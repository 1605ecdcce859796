package dev.quipu.bench.sanctions;

import dev.quipu.sanctions.matching.Match;
import dev.quipu.sanctions.matching.Screener;
import dev.quipu.sanctions.matching.ScreeningQuery;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * JMH: one screening of the {@link Corpus} query mix against the 60,000-name index, single thread.
 * SampleTime gives the latency percentiles, Throughput the screenings per second on one core.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.SampleTime, Mode.Throughput})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgs = {"-Xmx512m", "-Xms512m"})
@Threads(1)
public class ScreeningBenchmark {

    private Corpus corpus;
    private Screener screener;
    private List<ScreeningQuery> queries;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        corpus = new Corpus();
        screener = corpus.screener();
        queries = corpus.queries(10_000);
    }

    @Benchmark
    public List<Match> screen() {
        ScreeningQuery q = queries.get(next);
        next = next + 1 == queries.size() ? 0 : next + 1;
        return screener.screen(corpus.index, q);
    }
}
