package dev.quipu.payment.facilitator;

import java.util.Map;

/**
 * Headers added to each facilitator request ({@code verify}, {@code settle}, {@code supported}).
 * The default sends the configured static header; replace this bean for per-request credentials
 * (for example a freshly signed JWT for the CDP facilitator).
 */
public interface AuthHeaders {

    Map<String, String> headers(FacilitatorEndpoint facilitator, String operation);
}
