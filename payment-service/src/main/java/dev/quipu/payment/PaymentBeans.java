package dev.quipu.payment;

import dev.quipu.payment.x402.Eip3009Verifier;
import dev.quipu.payment.x402.PaymentHeaderCodec;
import dev.quipu.proof.SignerRecovery;
import io.micronaut.context.annotation.Factory;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.time.Clock;

/** The plain x402 classes as beans, configured from {@link PaymentsConfig}. */
@Factory
public class PaymentBeans {

    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    @Singleton
    PaymentHeaderCodec codec(JsonMapper json, PaymentsConfig config) {
        return new PaymentHeaderCodec(json, config.maxHeaderChars());
    }

    @Singleton
    SignerRecovery signerRecovery() {
        return SignerRecovery.fastest();
    }

    @Singleton
    Eip3009Verifier verifier(Clock clock, PaymentsConfig config, SignerRecovery recovery) {
        return new Eip3009Verifier(clock, config.settleMarginSeconds(), config.skewSeconds(), recovery);
    }
}
