package dev.quipu.internalauth;

import dev.quipu.contracts.pricebook.Service;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * {@code ./quipu internal-header [SERVICE]}: prints one line, an HTTP header that the backends accept
 * from the operator for an hour ({@code Authorization: Bearer …}, audience the service named, or every
 * service). For threshold calibration and load tests against a backend directly.
 *
 * <pre>java dev.quipu.internalauth.InternalHeader KEYS_DIR [SERVICE]</pre>
 */
public final class InternalHeader {

    static final Duration OPERATOR_TTL = Duration.ofHours(1);
    static final List<String> SERVICES = Arrays.stream(Service.values()).map(Service::moduleName).toList();

    private InternalHeader() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: InternalHeader KEYS_DIR [SERVICE]");
            System.exit(2);
        }
        Path key = SuiteKeys.privateKeyFile(Path.of(args[0]), SuiteKeys.OPERATOR);
        List<String> audiences = args.length == 2 ? List.of(serviceName(args[1])) : SERVICES;
        System.out.println(header(new InternalTokens(SuiteKeys.readPrivate(key), Clock.systemUTC()), audiences));
    }

    static String header(InternalTokens operator, List<String> audiences) {
        return "Authorization: Bearer " + operator.mint(audiences, OPERATOR_TTL);
    }

    /** {@code sanctions} and {@code sanctions-service} both name sanctions-service. */
    static String serviceName(String name) {
        String full = name.equals("gateway") || name.endsWith("-service") ? name : name + "-service";
        if (!SERVICES.contains(full)) {
            throw new IllegalArgumentException("no service " + name + "; one of " + SERVICES);
        }
        return full;
    }
}
