package dev.quipu.audit.chain;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.proof.Network;
import dev.quipu.proof.TestPayments;

import java.time.Instant;

/** Paid events made genuine: paid by the public development wallet, with its signed proof ({@link TestPayments}). */
final class SignedPayments {

    static final String PAYER = TestPayments.DEV_WALLET.getAddress().toLowerCase();

    private SignedPayments() {
    }

    /** The paid event {@code e} made genuine: paid by the development wallet, with its signed proof. */
    static CallCompleted genuine(CallCompleted e) {
        String nonce = TestPayments.nonce();
        String tx = e.paymentRef() != null && e.paymentRef().transaction() != null ? e.paymentRef().transaction()
                : "0x" + nonce.substring(2, 66);
        return new CallCompleted(e.eventId(), e.occurredAt(), e.operationId(), e.route(), e.agentId(), PAYER, "paid",
                e.priceUsdc(), e.chargedAtomic(), new CallCompleted.PaymentRef(Network.BASE.caip2(), tx, nonce), e.status(),
                e.latencyMs(), e.requestJson(), e.responseJson(), e.dataVersions(),
                TestPayments.proof(TestPayments.DEV_WALLET, e.chargedAtomic(), nonce, Instant.parse(e.occurredAt()), tx));
    }
}
