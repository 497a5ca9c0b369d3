// Rule: method_exchangeImplementations swaps IMPs only; each body then runs with the _cmd it was
// reached through. Field guide: method-hooking-libraries.md §0.4.
#include "oracle.h"
@interface A : NSObject - (void)foo; - (void)xxx_foo; @end
@implementation A
- (void)foo { SAY("foo body _cmd=%s", sel_getName(_cmd)); }
- (void)xxx_foo { SAY("xxx_foo body _cmd=%s", sel_getName(_cmd)); [self xxx_foo]; }
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  name_imp(class_getMethodImplementation([A class], @selector(foo)), "foo body");
  name_imp(class_getMethodImplementation([A class], @selector(xxx_foo)), "xxx_foo body");
  A *a = [A new];
  method_exchangeImplementations(class_getInstanceMethod([A class], @selector(foo)),
                                 class_getInstanceMethod([A class], @selector(xxx_foo)));
  SAY("foo IMP: %s", imp_name(class_getMethodImplementation([A class], @selector(foo))));
  SAY("xxx_foo IMP: %s", imp_name(class_getMethodImplementation([A class], @selector(xxx_foo))));
  SAY("send foo:");
  [a foo];
  [a release];
  [pool drain];
  return 0;
}
