package dev.quipu.payment.x402;

import org.junit.jupiter.api.Test;

import java.util.Base64;

import static dev.quipu.payment.x402.Eip3009VerifierTest.CODEC;
import static dev.quipu.payment.x402.Eip3009VerifierTest.HEADER_C;
import static dev.quipu.payment.x402.Eip3009VerifierTest.b64;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Strict decoding: every malformed header is a refusal with a reason, never an exception. */
class PaymentHeaderCodecTest {

    static String reasonV2(String header) {
        return assertThrows(Refusal.class, () -> CODEC.decodeV2(header)).reason();
    }

    @Test
    void notBase64IsAMalformedPayload() {
        assertEquals(Reasons.INVALID_PAYLOAD, reasonV2("this is not base64!"));
    }

    @Test
    void urlSafeBase64IsRefused() {
        assertEquals(Reasons.INVALID_PAYLOAD, reasonV2(HEADER_C.replace('+', '-').replace('/', '_') + "-_"));
    }

    @Test
    void missingPaddingIsRefused() {
        assertEquals(Reasons.INVALID_PAYLOAD, reasonV2(HEADER_C.substring(0, HEADER_C.length() - 1)));
    }

    @Test
    void base64OfSomethingOtherThanJsonIsRefused() {
        assertEquals(Reasons.INVALID_PAYLOAD, reasonV2(b64("x402Version=2")));
        assertEquals(Reasons.INVALID_PAYLOAD, reasonV2(b64("{\"x402Version\":2,")));
    }

    @Test
    void jsonThatIsNotAnObjectIsRefused() {
        assertEquals(Reasons.INVALID_PAYLOAD, reasonV2(b64("[1,2,3]")));
    }

    @Test
    void invalidUtf8IsRefused() {
        assertEquals(Reasons.INVALID_PAYLOAD, reasonV2(Base64.getEncoder().encodeToString(new byte[]{'{', (byte) 0xC3, '}'})));
    }

    @Test
    void missingAcceptedIsRefusedNotLeaked() {
        assertEquals(Reasons.INVALID_PAYLOAD, reasonV2(b64("{\"x402Version\":2,\"accepted\":null,\"payload\":{}}")));
        assertEquals(Reasons.INVALID_PAYLOAD, reasonV2(b64("{\"x402Version\":2,\"accepted\":\"exact\",\"payload\":{}}")));
    }

    @Test
    void oversizedHeaderIsRefusedBeforeDecoding() {
        assertEquals(Reasons.HEADER_TOO_LARGE, reasonV2("A".repeat(8196)));
    }

    @Test
    void v1PayloadInPaymentSignatureIsRefused() {
        String v1 = b64("{\"x402Version\":1,\"scheme\":\"exact\",\"network\":\"base\",\"payload\":{}}");
        assertEquals(Reasons.INVALID_VERSION, reasonV2(v1));
    }

    @Test
    void v1PayloadInXPaymentIsDecoded() throws Refusal {
        PaymentPayload p = CODEC.decodeV1(b64("{\"x402Version\":1,\"scheme\":\"exact\",\"network\":\"base\",\"payload\":{\"signature\":\"0x00\"}}"));
        assertEquals("base", p.network());
        assertEquals(1, p.x402Version());
    }

    @Test
    void v2PayloadInXPaymentIsRefused() {
        assertEquals(Reasons.INVALID_VERSION, assertThrows(Refusal.class, () -> CODEC.decodeV1(HEADER_C)).reason());
    }
}
