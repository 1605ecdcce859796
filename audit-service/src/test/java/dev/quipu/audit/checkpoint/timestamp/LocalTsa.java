package dev.quipu.audit.checkpoint.timestamp;

import com.sun.net.httpserver.HttpServer;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaCertStore;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.operator.DigestCalculator;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoGeneratorBuilder;
import org.bouncycastle.tsp.TSPAlgorithms;
import org.bouncycastle.tsp.TimeStampRequest;
import org.bouncycastle.tsp.TimeStampResponse;
import org.bouncycastle.tsp.TimeStampResponseGenerator;
import org.bouncycastle.tsp.TimeStampTokenGenerator;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An RFC 3161 time-stamp authority on 127.0.0.1 for tests: a self-signed CA, a TSA certificate it
 * issues with the (critical) id-kp-timeStamping extended key usage, and BouncyCastle's token and
 * response generators behind a JDK HTTP server. {@link #down} makes it answer 503.
 */
public final class LocalTsa implements AutoCloseable {

    private static final Provider BC = new BouncyCastleProvider();

    public final X509Certificate caCert;
    public final X509Certificate tsaCert;
    public volatile boolean down;
    public final AtomicInteger requests = new AtomicInteger();
    private final HttpServer server;
    private final TimeStampResponseGenerator responses;
    private final AtomicLong serial = new AtomicLong(1);

    public LocalTsa(String name) throws Exception {
        KeyPairGenerator kpg = KeyPairGenerator.getInstance("EC");
        kpg.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair ca = kpg.generateKeyPair();
        KeyPair tsa = kpg.generateKeyPair();
        Instant now = Instant.now();
        Date from = Date.from(now.minus(Duration.ofDays(1)));
        Date to = Date.from(now.plus(Duration.ofDays(30)));
        X500Name caName = new X500Name("CN=" + name + " Root CA,O=Quipu Test");
        X500Name tsaName = new X500Name("CN=" + name + ",O=Quipu Test");
        JcaX509v3CertificateBuilder caBuilder = new JcaX509v3CertificateBuilder(caName, BigInteger.ONE, from, to, caName, ca.getPublic());
        caBuilder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
        caBuilder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        X509CertificateHolder caHolder = caBuilder.build(new JcaContentSignerBuilder("SHA256withECDSA").setProvider(BC).build(ca.getPrivate()));
        JcaX509v3CertificateBuilder tsaBuilder = new JcaX509v3CertificateBuilder(caName, BigInteger.TWO, from, to, tsaName, tsa.getPublic());
        tsaBuilder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        tsaBuilder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
        tsaBuilder.addExtension(Extension.extendedKeyUsage, true, new ExtendedKeyUsage(KeyPurposeId.id_kp_timeStamping));
        X509CertificateHolder tsaHolder = tsaBuilder.build(new JcaContentSignerBuilder("SHA256withECDSA").setProvider(BC).build(ca.getPrivate()));
        JcaX509CertificateConverter conv = new JcaX509CertificateConverter().setProvider(BC);
        this.caCert = conv.getCertificate(caHolder);
        this.tsaCert = conv.getCertificate(tsaHolder);

        DigestCalculator sha256 = new JcaDigestCalculatorProviderBuilder().setProvider(BC).build()
                .get(new org.bouncycastle.asn1.x509.AlgorithmIdentifier(org.bouncycastle.asn1.nist.NISTObjectIdentifiers.id_sha256));
        TimeStampTokenGenerator tokens = new TimeStampTokenGenerator(
                new JcaSimpleSignerInfoGeneratorBuilder().setProvider(BC).build("SHA256withECDSA", tsa.getPrivate(), tsaCert),
                sha256, new ASN1ObjectIdentifier("1.3.6.1.4.1.99999.1"));
        tokens.addCertificates(new JcaCertStore(List.of(tsaCert, caCert)));
        this.responses = new TimeStampResponseGenerator(tokens, TSPAlgorithms.ALLOWED);

        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/tsr", exchange -> {
            requests.incrementAndGet();
            try (exchange) {
                if (down || !"POST".equals(exchange.getRequestMethod())
                        || !"application/timestamp-query".equals(exchange.getRequestHeaders().getFirst("Content-Type"))) {
                    exchange.sendResponseHeaders(down ? 503 : 400, -1);
                    return;
                }
                byte[] body;
                try {
                    TimeStampRequest req = new TimeStampRequest(exchange.getRequestBody().readAllBytes());
                    TimeStampResponse resp = responses.generate(req, BigInteger.valueOf(serial.getAndIncrement()), new Date());
                    body = resp.getEncoded();
                } catch (Exception e) {
                    exchange.sendResponseHeaders(500, -1);
                    return;
                }
                exchange.getResponseHeaders().set("Content-Type", "application/timestamp-reply");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream os = exchange.getResponseBody()) {
                    os.write(body);
                }
            } catch (IOException e) {
                // client went away
            }
        });
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/tsr";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
