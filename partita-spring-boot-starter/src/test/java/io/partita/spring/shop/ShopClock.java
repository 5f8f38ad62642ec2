package io.partita.spring.shop;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Configuration outside the data layer, which @PartitaTest's scan leaves out. */
@Configuration(proxyBeanMethods = false)
public class ShopClock {
  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }
}
