package dev.quipu.bench.payments;

import dev.quipu.payment.x402.Authorization;
import dev.quipu.payment.x402.Eip3009Verifier;
import dev.quipu.payment.x402.PaymentHeaderCodec;
import dev.quipu.payment.x402.PaymentPayload;
import dev.quipu.payment.x402.PaymentRequirements;
import dev.quipu.payment.x402.Refusal;
import dev.quipu.proof.Network;
import dev.quipu.proof.SignerRecovery;
import io.micronaut.json.JsonMapper;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Local x402 verification, single thread (= per core): the full check of test vector C (Base
 * mainnet) — strict header decode, EIP-712 digest, secp256k1 recovery — and its parts, with each
 * recovery engine (libsecp256k1, the default, and the pure-Java fallback). Target: ≥ 5,000
 * verifications/s per core.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@Threads(1)
public class VerificationBenchmark {

    static final String HEADER_C = "eyJ4NDAyVmVyc2lvbiI6MiwicmVzb3VyY2UiOnsidXJsIjoiaHR0cHM6Ly9hcGkuZXhhbXBsZS5jb20vcHJlbWl1bS1kYXRhIiwiZGVzY3JpcHRpb24iOiJBY2Nlc3MgdG8gcHJlbWl1bSBtYXJrZXQgZGF0YSIsIm1pbWVUeXBlIjoiYXBwbGljYXRpb24vanNvbiJ9LCJhY2NlcHRlZCI6eyJzY2hlbWUiOiJleGFjdCIsIm5ldHdvcmsiOiJlaXAxNTU6ODQ1MyIsImFtb3VudCI6IjEwMDAwIiwiYXNzZXQiOiIweDgzMzU4OWZDRDZlRGI2RTA4ZjRjN0MzMkQ0ZjcxYjU0YmRBMDI5MTMiLCJwYXlUbyI6IjB4MjA5NjkzQmM2YWZjMEM1MzI4YkEzNkZhRjAzQzUxNEVGMzEyMjg3QyIsIm1heFRpbWVvdXRTZWNvbmRzIjo2MCwiZXh0cmEiOnsibmFtZSI6IlVTRCBDb2luIiwidmVyc2lvbiI6IjIifX0sInBheWxvYWQiOnsic2lnbmF0dXJlIjoiMHhhYmQxOTI0NzU1OTdjZDgxMGVkNjE2NDkzNTZkM2E3NmI2ZGNhZWI1ZWM0YjcyOGI3NmEyYmU1NzA5MTZhNzgwMDhlZjdhMTdlYzE0ZTIxMDE1MDVhMTg2ZTQ5ZWQ4NjhhNDIyNTBlOGMyNTI3ZjQ4MzBmNTZhYjNkMGRjMTYyNjFiIiwiYXV0aG9yaXphdGlvbiI6eyJmcm9tIjoiMHhmMzlGZDZlNTFhYWQ4OEY2RjRjZTZhQjg4MjcyNzljZmZGYjkyMjY2IiwidG8iOiIweDIwOTY5M0JjNmFmYzBDNTMyOGJBMzZGYUYwM0M1MTRFRjMxMjI4N0MiLCJ2YWx1ZSI6IjEwMDAwIiwidmFsaWRBZnRlciI6IjE3NDA2NzE0ODkiLCJ2YWxpZEJlZm9yZSI6IjE3NDA2NzIxNTQiLCJub25jZSI6IjB4ZjM3NDY2MTNjMmQ5MjBiNWZkYWJjMDg1NmYyYWViMmQ0Zjg4ZWU2MDM3YjhjYzVkMDRhNzFhNDQ2MmYxMzQ4MCJ9fX0=";
    static final PaymentRequirements REQ_C = new PaymentRequirements("exact", "eip155:8453", "10000",
            "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "0x209693Bc6afc0C5328bA36FaF03C514EF312287C", 60,
            Map.of("name", "USD Coin", "version", "2"));

    /** The secp256k1 engine: {@code libsecp256k1} (what payment-service uses) or {@code bouncycastle}. */
    @Param({"libsecp256k1", "bouncycastle"})
    public String engine = "libsecp256k1";

    PaymentHeaderCodec codec;
    Eip3009Verifier verifier;
    PaymentPayload decoded;

    @Setup
    public void setUp() throws Refusal {
        JsonMapper json = JsonMapper.createDefault();
        codec = new PaymentHeaderCodec(json, 8192);
        SignerRecovery recovery = "bouncycastle".equals(engine) ? SignerRecovery.pureJava() : SignerRecovery.fastest();
        if (!recovery.engine().equals(engine)) {
            throw new IllegalStateException("engine " + engine + " is not available here (got " + recovery.engine() + ")");
        }
        verifier = new Eip3009Verifier(Clock.fixed(Instant.ofEpochSecond(1740672100L), ZoneOffset.UTC), 6, 30,
                recovery);
        decoded = codec.decodeV2(HEADER_C);
        if (!verify().from().equalsIgnoreCase("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")) {
            throw new IllegalStateException("vector C does not verify");
        }
    }

    /** Decode the header, match, and verify: what one paid call costs locally. */
    @Benchmark
    public Authorization decodeAndVerify() throws Refusal {
        PaymentPayload p = codec.decodeV2(HEADER_C);
        if (!REQ_C.acceptedBy(p.accepted())) {
            throw new IllegalStateException();
        }
        return verifier.verify(p, REQ_C, Network.BASE);
    }

    @Benchmark
    public Authorization verify() throws Refusal {
        return verifier.verify(decoded, REQ_C, Network.BASE);
    }

    /** The EIP-712 digest alone. */
    @Benchmark
    public byte[] digestOnly() {
        return verifier.digest("USD Coin", "2", 8453, REQ_C.asset(), "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
                REQ_C.payTo(), java.math.BigInteger.valueOf(10000), java.math.BigInteger.valueOf(1740671489L),
                java.math.BigInteger.valueOf(1740672154L), "0xf3746613c2d920b5fdabc0856f2aeb2d4f88ee6037b8cc5d04a71a4462f13480");
    }
}
