package dev.quipu.audit.checkpoint.timestamp;

import org.bouncycastle.asn1.nist.NISTObjectIdentifiers;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.bouncycastle.tsp.TimeStampToken;
import org.bouncycastle.util.Store;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.HexFormat;

/**
 * Checks an RFC 3161 time-stamp token over a checkpoint, for the service and the offline verifier
 * alike: the message imprint is SHA-256 of the checkpoint's signed statement
 * ({@code quipu-aat-checkpoint-v1|id|created_at|head_count|merkle_root}, UTF-8), the token's CMS
 * signature verifies with the TSA certificate the token carries (which must be a time-stamping
 * certificate valid at {@code gen_time}), and, when a TSA certificate is pinned, that certificate is
 * the pinned one or is issued by it.
 */
public final class TimestampTokens {

    /** A provider instance, not registered globally: nothing else in the JVM changes. */
    static final Provider BC = new BouncyCastleProvider();

    private TimestampTokens() {
    }

    /** What a token says, or why it does not hold. */
    public record Check(boolean valid, String reason, Instant genTime, String tsaSubject) {
    }

    /** SHA-256 of the UTF-8 statement: the imprint a checkpoint's token must carry. */
    public static byte[] imprint(String signedStatement) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(signedStatement.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * @param der       the token (a CMS SignedData)
     * @param statement the signed statement of the checkpoint the token is meant to cover
     * @param pinned    a trusted TSA (or TSA issuer) certificate, or null to accept the certificate in the token
     */
    public static Check check(byte[] der, String statement, X509Certificate pinned) {
        TimeStampToken token;
        try {
            token = new TimeStampToken(new org.bouncycastle.cms.CMSSignedData(der));
        } catch (Exception e) {
            return new Check(false, "token: not an RFC 3161 time-stamp token (" + e.getMessage() + ")", null, null);
        }
        Instant genTime = token.getTimeStampInfo().getGenTime().toInstant();
        if (!NISTObjectIdentifiers.id_sha256.equals(token.getTimeStampInfo().getMessageImprintAlgOID())) {
            return new Check(false, "imprint: not SHA-256 (" + token.getTimeStampInfo().getMessageImprintAlgOID() + ")", genTime, null);
        }
        byte[] expected = imprint(statement);
        byte[] found = token.getTimeStampInfo().getMessageImprintDigest();
        if (!Arrays.equals(expected, found)) {
            return new Check(false, "imprint: the token covers " + HexFormat.of().formatHex(found) + ", the checkpoint's statement hashes to "
                    + HexFormat.of().formatHex(expected), genTime, null);
        }
        X509CertificateHolder signer = signerCertificate(token);
        if (signer == null) {
            return new Check(false, "token: carries no certificate of its signer", genTime, null);
        }
        String subject = signer.getSubject().toString();
        try {
            token.validate(new JcaSimpleSignerInfoVerifierBuilder().setProvider(BC).build(signer));
        } catch (Exception e) {
            return new Check(false, "signature: the token's signature does not verify with its TSA certificate (" + e.getMessage() + ")",
                    genTime, subject);
        }
        if (pinned != null) {
            try {
                X509Certificate cert = new JcaX509CertificateConverter().setProvider(BC).getCertificate(signer);
                boolean same = cert.equals(pinned);
                boolean issued = !same && signer.getIssuer().toString().equals(
                        org.bouncycastle.asn1.x500.X500Name.getInstance(pinned.getSubjectX500Principal().getEncoded()).toString())
                        && signer.isSignatureValid(new JcaContentVerifierProviderBuilder().setProvider(BC).build(pinned.getPublicKey()));
                if (!same && !issued) {
                    return new Check(false, "issuer: the TSA certificate (" + subject + ") is neither the pinned certificate nor issued by it ("
                            + pinned.getSubjectX500Principal().getName() + ")", genTime, subject);
                }
            } catch (Exception e) {
                return new Check(false, "issuer: " + e.getMessage(), genTime, subject);
            }
        }
        return new Check(true, "valid", genTime, subject);
    }

    @SuppressWarnings("unchecked")
    static X509CertificateHolder signerCertificate(TimeStampToken token) {
        Store<X509CertificateHolder> certs = token.getCertificates();
        Collection<X509CertificateHolder> matches = certs.getMatches(token.getSID());
        return matches.isEmpty() ? null : matches.iterator().next();
    }

    /** A certificate from PEM or DER bytes. */
    public static X509Certificate certificate(byte[] pemOrDer) throws CertificateException {
        return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(pemOrDer));
    }
}
