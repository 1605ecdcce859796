package dev.quipu.payment.cli;

/** Lets tests call the package-private entry point of {@link Pay}. */
public final class PayAccess {

    private PayAccess() {
    }

    public static int run(String base, String method, String path, String body) throws Exception {
        return Pay.run(base, method, path, body, Pay.DEV_KEY);
    }
}
