// Rule: an unimplemented selector with no forwarding raises NSInvalidArgumentException
// ("-[Class sel]: unrecognized selector sent to instance 0x..."). Field guide: jsbridge-iglistkit-uikit-runtime.md D5.2d.
#include "oracle.h"
@interface T : NSObject - (void)bar; @end
@implementation T - (void)bar { SAY("T.bar"); } @end
@interface U : NSObject @end
@implementation U @end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  U *u = [U new];
  @try { [(T *)u bar]; SAY("no exception"); }
  @catch (NSException *e) { SAY("raised %s", [[e name] UTF8String]); SAY("reason: %s", [[e reason] UTF8String]); }
  [u release];
  [pool drain];
  return 0;
}
